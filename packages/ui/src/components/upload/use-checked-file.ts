import { useState } from 'react';
import { checkFile, type FileRules } from './check-file.js';
import { useFileCheckMessage } from './use-file-check-message.js';

export interface CheckedFile {
  /** The chosen file that passed the rules; null before one did, or after one that did not. */
  file: File | null;
  /** Why the last chosen file was refused, in words; empty when it passed. */
  error: string;
  /** Checks a chosen file against the rules: keeps it and answers it, or says why not and answers null. */
  choose: (chosen: File) => Promise<File | null>;
}

/** The one file of a dialog (a workbook to import), checked against `rules` when it is chosen. */
export function useCheckedFile(rules: FileRules): CheckedFile {
  const fileCheckMessage = useFileCheckMessage();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const choose = async (chosen: File) => {
    const failure = await checkFile(chosen, rules);
    setFile(failure ? null : chosen);
    setError(failure ? fileCheckMessage(failure) : '');
    return failure ? null : chosen;
  };
  return { file, error, choose };
}

/**
 * White lists (spec §1 white-list import; issue 16): a workbook (.xlsx or .csv) of number plates
 * or access cards, one per row under the header `value`, read as it arrives; each row is an entry,
 * or refused with its row number — empty, not of the list's form, or already on an earlier row —
 * so that the console shows what to mend before anything is pushed to a device.
 */
import type { Readable } from 'node:stream';
import {
  type ImportFormat,
  WHITELIST_COLUMNS,
  WHITELIST_ENTRY_PATTERNS,
  WHITELIST_MAX_ENTRIES,
  type WhitelistCheck,
  type WhitelistKind,
} from '@vap/contracts';
import { ApiError } from '../../core/http/errors.js';
import { readSheetRows } from '../../core/http/sheet-rows.js';

/** An entry as a device keeps it: upper case, without spaces or the separators people type. */
export const normalEntry = (value: string) => value.replace(/[\s·•-]/g, '').toUpperCase();

/** Whether an entry (normalised) is of the list's form. */
export const isEntryOf = (list: WhitelistKind, entry: string) => WHITELIST_ENTRY_PATTERNS[list].test(entry);

/** The entries of a white-list workbook, and the rows refused. */
export async function checkWhitelist(
  file: Readable,
  format: ImportFormat,
  list: WhitelistKind,
): Promise<WhitelistCheck> {
  const entries: string[] = [];
  const errors: WhitelistCheck['errors'] = [];
  const seen = new Set<string>();
  for await (const { row, cells } of readSheetRows(file, format, {
    columns: WHITELIST_COLUMNS,
    maxRows: WHITELIST_MAX_ENTRIES,
  })) {
    const value = cells.value ?? '';
    const entry = normalEntry(value);
    if (entry === '') errors.push({ row, value, code: 'missing' });
    else if (!isEntryOf(list, entry)) errors.push({ row, value, code: 'format' });
    else if (seen.has(entry)) errors.push({ row, value, code: 'duplicate' });
    else {
      seen.add(entry);
      entries.push(entry);
    }
  }
  return { entries, errors };
}

/** Entries sent to create a task: each of the list's form, none twice (else 400). */
export function checkedEntries(list: WhitelistKind, entries: readonly string[]): string[] {
  const normal = entries.map(normalEntry);
  if (normal.some((entry) => !isEntryOf(list, entry)) || new Set(normal).size !== normal.length)
    throw new ApiError(400, 'validation_failed', 'validation.whitelistEntries');
  return normal;
}

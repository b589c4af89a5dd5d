import type { FileCheckCode } from './check-file.js';

export type UploadStatus = 'pending' | 'uploading' | 'done' | 'failed';

/** One chosen file and where its upload stands. */
export interface UploadItem<R = unknown> {
  id: string;
  file: File;
  status: UploadStatus;
  /** The sent fraction, 0 to 1. */
  progress: number;
  /** The failure message (the server's, when it sent one). */
  error?: string;
  /** What the caller's `upload` resolved with. */
  result?: R;
  /** An object URL of the image, in the picture list. */
  previewUrl?: string;
}

/** What `Upload` hands the caller's upload function. */
export interface UploadRequestContext {
  onProgress: (fraction: number) => void;
  /** Aborted when the item is removed or the component unmounts. */
  signal: AbortSignal;
}

/** Why a chosen file was not uploaded: a failed check, or too many files. */
export type UploadRejectCode = FileCheckCode | 'count';

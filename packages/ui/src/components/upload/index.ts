// The upload components.
export { uploadFailure, useCallUpload } from './call-upload.js';
export {
  checkFile,
  describeAccept,
  type FileCheckCode,
  type FileCheckFailure,
  type FileRules,
  type ImageSize,
  isImageFile,
  loadImageSize,
  matchesAccept,
} from './check-file.js';
export { FileChooser, type FileChooserProps } from './file-chooser.js';
export { formatFileSize } from './file-size.js';
export { UPLOAD_MAX_COUNT, Upload, type UploadProps } from './upload.js';
export { type UploadInPartsOptions, uploadInParts } from './upload-in-parts.js';
export { type UploadPhase, UploadPhaseView, type UploadPhaseViewProps, uploadBusy } from './upload-phase.js';
export type { UploadItem, UploadRejectCode, UploadRequestContext, UploadStatus } from './upload-types.js';
export { UploadError, type UploadWithProgressOptions, uploadWithProgress } from './upload-with-progress.js';
export { type CheckedFile, useCheckedFile } from './use-checked-file.js';
export { useFileCheckMessage } from './use-file-check-message.js';
export { type UploadPhaseRun, type UploadStepContext, useUploadPhase } from './use-upload-phase.js';
export {
  type UploadRun,
  type UploadRunOptions,
  type UploadRunPhase,
  useUploadRun,
} from './use-upload-run.js';

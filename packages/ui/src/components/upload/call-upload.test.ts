import { ApiError } from '@vap/kernel';
import { describe, expect, it, vi } from 'vitest';
import { uploadFailure } from './call-upload.js';
import { UploadError } from './upload-with-progress.js';

describe('uploadFailure', () => {
  it("is the ApiError of the server's code and message, upload_failed without a code", () => {
    const refused = uploadFailure(new UploadError('File exists', 409, 'exists'));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, code: 'exists', message: 'File exists' });
    expect(uploadFailure(new UploadError('', 0))).toMatchObject({ status: 0, code: 'upload_failed' });
  });

  it('ends the session on a 401 only, and passes any other error on as it is', () => {
    const expired = vi.fn();
    uploadFailure(new UploadError('Bad request', 400), expired);
    expect(expired).not.toHaveBeenCalled();
    uploadFailure(new UploadError('Signed out', 401), expired);
    expect(expired).toHaveBeenCalledOnce();
    const other = new Error('bug');
    expect(uploadFailure(other, expired)).toBe(other);
  });
});

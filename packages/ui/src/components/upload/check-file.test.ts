import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { checkFile, describeAccept, isImageFile, matchesAccept } from './check-file.js';
import { formatFileSize } from './file-size.js';
import { fakeFile, stubObjectUrls } from './test-helpers.js';

const MB = 1024 * 1024;

function stubBitmap(width: number, height: number) {
  const close = vi.fn();
  const create = vi.fn(async () => ({ width, height, close }));
  vi.stubGlobal('createImageBitmap', create);
  return { create, close };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('formatFileSize', () => {
  it('writes sizes in units of 1024 with at most one decimal', () => {
    expect(formatFileSize(5 * MB)).toBe('5M');
    expect(formatFileSize(1_048_576)).toBe('1M');
    expect(formatFileSize(1536)).toBe('1.5K');
    expect(formatFileSize(512)).toBe('512B');
    expect(formatFileSize(100 * MB)).toBe('100M');
  });
});

describe('matchesAccept', () => {
  it('accepts by extension regardless of case and by MIME type, with wildcards', () => {
    expect(matchesAccept({ name: 'LOGO.PNG', type: '' }, ['.png'])).toBe(true);
    expect(matchesAccept({ name: 'a.bin', type: 'image/jpeg' }, ['image/jpeg'])).toBe(true);
    expect(matchesAccept({ name: 'a.webp', type: 'image/webp' }, ['image/*'])).toBe(true);
    expect(matchesAccept({ name: 'a.gif', type: 'image/gif' }, ['.png', 'image/jpeg'])).toBe(false);
  });

  it('names the accepted types once each, in capitals', () => {
    expect(describeAccept(['.jpg', '.jpeg', 'image/png', '.png'])).toBe('JPG, JPEG, PNG');
  });

  it('treats raster images as images and svg or documents as not', () => {
    expect(isImageFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'a.jpg', type: '' })).toBe(true);
    expect(isImageFile({ name: 'a.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isImageFile({ name: 'a.pdf', type: 'application/pdf' })).toBe(false);
  });
});

describe('checkFile', () => {
  const verifyRules = {
    accept: ['.jpg', '.jpeg', '.png'],
    maxBytes: 5 * MB,
    maxWidth: 5000,
    maxHeight: 5000,
  };

  it('passes a file within every rule', async () => {
    stubBitmap(4000, 3000);
    expect(await checkFile(fakeFile('id.png', 'image/png', 2 * MB), verifyRules)).toBeNull();
  });

  it('answers "type" with the accepted types for a file of the wrong type', async () => {
    expect(await checkFile(fakeFile('doc.pdf', 'application/pdf'), verifyRules)).toEqual({
      code: 'type',
      params: { types: 'JPG, JPEG, PNG' },
    });
  });

  it('answers "size" with the limit in M for a file over it (units of 1024)', async () => {
    const create = stubBitmap(10, 10).create;
    expect(await checkFile(fakeFile('big.png', 'image/png', 5 * MB + 1), verifyRules)).toEqual({
      code: 'size',
      params: { limit: '5M' },
    });
    expect(await checkFile(fakeFile('ok.png', 'image/png', 5 * MB), { maxBytes: 5 * MB })).toBeNull();
    // Size fails before any image is decoded.
    expect(create).not.toHaveBeenCalled();
  });

  it('reports the first failure: type before size', async () => {
    const failure = await checkFile(fakeFile('big.gif', 'image/gif', 50 * MB), verifyRules);
    expect(failure?.code).toBe('type');
  });

  it('answers "resolution" with the pixel limit when the image is larger', async () => {
    stubBitmap(5001, 100);
    expect(await checkFile(fakeFile('wide.png', 'image/png'), verifyRules)).toEqual({
      code: 'resolution',
      params: { limit: '5000x5000' },
    });
  });

  it('closes the decoded bitmap after reading its size', async () => {
    const { close } = stubBitmap(100, 100);
    await checkFile(fakeFile('a.png', 'image/png'), verifyRules);
    expect(close).toHaveBeenCalledOnce();
  });

  it('answers "imageLoad" when the image cannot be decoded', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('bad image', 'InvalidStateError');
      }),
    );
    expect(await checkFile(fakeFile('broken.png', 'image/png'), verifyRules)).toEqual({
      code: 'imageLoad',
      params: {},
    });
  });

  it('decodes only images, and only when a pixel limit is given', async () => {
    const { create } = stubBitmap(9999, 9999);
    expect(await checkFile(fakeFile('a.png', 'image/png'), { maxBytes: MB })).toBeNull();
    expect(await checkFile(fakeFile('a.tar', 'application/x-tar'), { maxWidth: 10 })).toBeNull();
    expect(create).not.toHaveBeenCalled();
  });

  describe('without createImageBitmap', () => {
    function stubImage(result: 'load' | 'error', width = 0, height = 0) {
      vi.stubGlobal('createImageBitmap', undefined);
      const urls = stubObjectUrls();
      onTestFinished(urls.restore);
      class FakeImage {
        naturalWidth = width;
        naturalHeight = height;
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        set src(_value: string) {
          queueMicrotask(() => (result === 'load' ? this.onload?.() : this.onerror?.()));
        }
      }
      vi.stubGlobal('Image', FakeImage);
      return urls.revoked;
    }

    it('reads the size with an Image on an object URL and revokes the URL', async () => {
      const revoked = stubImage('load', 6000, 10);
      expect((await checkFile(fakeFile('a.jpg', 'image/jpeg'), { maxWidth: 5000 }))?.code).toBe('resolution');
      expect(revoked).toEqual(['blob:fake-0']);
    });

    it('answers "imageLoad" when the Image fails', async () => {
      stubImage('error');
      expect((await checkFile(fakeFile('a.jpg', 'image/jpeg'), { maxHeight: 10 }))?.code).toBe('imageLoad');
    });
  });
});

/**
 * For tests: the files a page hands the browser as downloads (`downloadBlob`). jsdom makes no object
 * URLs and follows no link, so while a capture runs a download's click only records its file. Free
 * of vitest imports: the build emits this module, which `@vap/ui/testing` exports.
 */

/** A file handed to the browser as a download: the name it was given, and its contents. */
export interface Download {
  name: string;
  blob: Blob;
}

export interface DownloadCapture {
  /** The files handed over since `start`, oldest first. */
  readonly files: Download[];
  /** Starts recording (a test's `beforeEach`): object URLs are made up and links' clicks do nothing. */
  start: () => void;
  /** Puts jsdom's object URLs and links back (a test's `afterEach`). */
  stop: () => void;
}

export function downloadCapture(): DownloadCapture {
  const files: Download[] = [];
  let stop = () => {};
  return {
    files,
    start: () => {
      files.length = 0;
      const blobs = new Map<string, Blob>();
      const target = URL as unknown as Record<'createObjectURL' | 'revokeObjectURL', unknown>;
      const original = {
        create: target.createObjectURL,
        revoke: target.revokeObjectURL,
        click: HTMLAnchorElement.prototype.click,
      };
      target.createObjectURL = (blob: Blob) => {
        const url = `blob:download-${blobs.size}`;
        blobs.set(url, blob);
        return url;
      };
      target.revokeObjectURL = () => {};
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        const blob = blobs.get(this.getAttribute('href') ?? '');
        if (blob) files.push({ name: this.download, blob });
      };
      stop = () => {
        target.createObjectURL = original.create;
        target.revokeObjectURL = original.revoke;
        HTMLAnchorElement.prototype.click = original.click;
      };
    },
    stop: () => stop(),
  };
}

/** A blob's text: jsdom's Blob has no `text()`, its FileReader reads it. */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

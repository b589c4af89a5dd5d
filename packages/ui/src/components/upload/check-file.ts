/**
 * Client-side checks of a chosen file before it is uploaded (spec §5.2, §5.3, §5.6). Pure: it
 * answers the first failure as a code with the limit to show; the message is translated by the
 * caller (`useFileCheckMessage`), so pages can also use the spec's own messages (e.g. the logo tip).
 */
import { formatFileSize } from './file-size.js';

export interface FileRules {
  /** MIME types ('image/png', 'image/*') and/or extensions ('.png'); any match accepts. */
  accept?: readonly string[];
  /** Largest size in bytes. */
  maxBytes?: number;
  /** Largest image width in pixels; checked only for images. */
  maxWidth?: number;
  /** Largest image height in pixels; checked only for images. */
  maxHeight?: number;
}

export type FileCheckCode = 'type' | 'size' | 'resolution' | 'imageLoad';

export interface FileCheckFailure {
  code: FileCheckCode;
  /** Values for the message: `types` for 'type', `limit` for 'size' ("5M") and 'resolution' ("5000x5000"). */
  params: Record<string, string>;
}

export interface ImageSize {
  width: number;
  height: number;
}

const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp', '.avif'];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** Whether the file matches one of the accepted MIME types or extensions. */
export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept: readonly string[]): boolean {
  const extension = extensionOf(file.name);
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const wanted = entry.trim().toLowerCase();
    if (wanted.startsWith('.')) return extension === wanted;
    if (!type) return false;
    if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1));
    return type === wanted;
  });
}

/** Whether the file is a raster image the browser can decode (by MIME type, else by extension). */
export function isImageFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type.startsWith('image/') && file.type !== 'image/svg+xml';
  return IMAGE_EXTENSIONS.includes(extensionOf(file.name));
}

/** The accepted types as shown to people: '.png' and 'image/png' both become 'PNG'. */
export function describeAccept(accept: readonly string[]): string {
  const names = accept.map((entry) => {
    const wanted = entry.trim();
    const name = wanted.startsWith('.') ? wanted.slice(1) : (wanted.split('/')[1] ?? wanted);
    return name === '*' ? wanted : name.toUpperCase();
  });
  return [...new Set(names)].join(', ');
}

/**
 * Decodes the image to read its pixel size: createImageBitmap where the browser has it (no DOM
 * element, off the main thread), else an Image element on an object URL.
 */
export async function loadImageSize(file: Blob): Promise<ImageSize> {
  if (typeof globalThis.createImageBitmap === 'function') {
    const bitmap = await globalThis.createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  }
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<ImageSize>((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error('image load error'));
      image.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Checks type, then size, then (for images, and only when a pixel limit is given) resolution.
 * Resolves with the first failure, or null when the file passes.
 */
export async function checkFile(file: File, rules: FileRules): Promise<FileCheckFailure | null> {
  const { accept, maxBytes, maxWidth, maxHeight } = rules;
  if (accept && accept.length > 0 && !matchesAccept(file, accept)) {
    return { code: 'type', params: { types: describeAccept(accept) } };
  }
  if (maxBytes !== undefined && file.size > maxBytes) {
    return { code: 'size', params: { limit: formatFileSize(maxBytes) } };
  }
  if ((maxWidth !== undefined || maxHeight !== undefined) && isImageFile(file)) {
    let size: ImageSize;
    try {
      size = await loadImageSize(file);
    } catch {
      return { code: 'imageLoad', params: {} };
    }
    if (
      (maxWidth !== undefined && size.width > maxWidth) ||
      (maxHeight !== undefined && size.height > maxHeight)
    ) {
      return { code: 'resolution', params: { limit: `${maxWidth ?? '∞'}x${maxHeight ?? '∞'}` } };
    }
  }
  return null;
}

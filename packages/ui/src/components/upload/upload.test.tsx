import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { fakeFile, stubObjectUrls } from './test-helpers.js';
import { Upload, type UploadProps } from './upload.js';
import type { UploadItem, UploadRequestContext } from './upload-types.js';

const MB = 1024 * 1024;

interface Call {
  file: File;
  context: UploadRequestContext;
  resolve: (value: string) => void;
  reject: (error: unknown) => void;
}

/** An upload function whose calls the test settles by hand. */
function manualUpload() {
  const calls: Call[] = [];
  const upload = vi.fn(
    (file: File, context: UploadRequestContext) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ file, context, resolve, reject });
      }),
  );
  return { calls, upload };
}

function renderUpload(
  props: Partial<UploadProps<string>> & Pick<UploadProps<string>, 'upload'>,
  language?: 'en' | 'zh-CN',
) {
  const view = renderWithUi(<Upload<string> {...props} />, language);
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { ...view, input };
}

const zone = () => screen.getByRole('button', { name: 'Click or drag files here to upload' });
const png = (name = 'photo.png', size = 2048) => fakeFile(name, 'image/png', size);

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => {
  cleanup();
  urls.restore();
  vi.unstubAllGlobals();
});

describe('Upload drop zone', () => {
  it('is a labelled button whose hint names the accepted types and the largest size', () => {
    renderUpload({ upload: vi.fn(), rules: { accept: ['.jpg', '.png'], maxBytes: 5 * MB } });
    const button = zone();
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Accepted: JPG, PNG · At most 5M per file');
    expect(button.tabIndex).toBe(0);
  });

  it('opens the file picker on click, Enter and Space', async () => {
    const user = userEvent.setup();
    const { input } = renderUpload({ upload: vi.fn() });
    const opened = vi.fn((event: Event) => event.preventDefault());
    input.addEventListener('click', opened);
    await user.click(zone());
    zone().focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(3);
  });

  it('does not open the picker when disabled', async () => {
    const user = userEvent.setup();
    const { input } = renderUpload({ upload: vi.fn(), disabled: true });
    const opened = vi.fn((event: Event) => event.preventDefault());
    input.addEventListener('click', opened);
    await user.click(zone());
    expect(opened).not.toHaveBeenCalled();
    expect(zone().getAttribute('aria-disabled')).toBe('true');
  });

  it('shows a drag-over state while files are dragged over it and uploads what is dropped', async () => {
    const { upload, calls } = manualUpload();
    renderUpload({ upload });
    fireEvent.dragEnter(zone());
    expect(zone().getAttribute('data-dragging')).toBe('true');
    expect(zone().textContent).toContain('Release to upload');
    fireEvent.dragLeave(zone(), { relatedTarget: document.body });
    expect(zone().getAttribute('data-dragging')).toBeNull();

    fireEvent.dragOver(zone());
    fireEvent.drop(zone(), { dataTransfer: { files: [png()] } });
    expect(zone().getAttribute('data-dragging')).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.file.name).toBe('photo.png');
  });
});

describe('Upload list', () => {
  it('shows each file with its size, progress and status as the upload runs', async () => {
    const user = userEvent.setup();
    const { upload, calls } = manualUpload();
    const onChange = vi.fn();
    const { input } = renderUpload({ upload, onChange });
    await user.upload(input, png('photo.png', 1536));

    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain('photo.png');
    expect(item.textContent).toContain('1.5K');
    expect(item.textContent).toContain('Uploading');
    const bar = within(item).getByRole('progressbar', { name: 'Upload progress of photo.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');

    act(() => calls[0]?.context.onProgress(0.4));
    expect(bar.getAttribute('aria-valuenow')).toBe('40');

    await act(async () => calls[0]?.resolve('key-1'));
    expect(item.textContent).toContain('Uploaded');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    const last = onChange.mock.lastCall?.[0] as UploadItem<string>[];
    expect(last).toHaveLength(1);
    expect(last[0]).toMatchObject({ status: 'done', progress: 1, result: 'key-1' });
  });

  it('shows the failure message and uploads again on Retry', async () => {
    const user = userEvent.setup();
    const { upload, calls } = manualUpload();
    const { input } = renderUpload({ upload });
    await user.upload(input, png());
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.reject(new Error('token expired')));

    const item = screen.getByRole('listitem');
    expect(item.getAttribute('data-status')).toBe('failed');
    expect(item.textContent).toContain('token expired');

    await user.click(screen.getByRole('button', { name: 'Retry uploading photo.png' }));
    expect(calls).toHaveLength(2);
    expect(item.textContent).toContain('Uploading');
    await act(async () => calls[1]?.resolve('ok'));
    expect(item.getAttribute('data-status')).toBe('done');
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('falls back to a translated failure when the error has no message', async () => {
    const user = userEvent.setup();
    const { upload, calls } = manualUpload();
    const { input } = renderUpload({ upload }, 'zh-CN');
    await user.upload(input, png());
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]?.reject(new Error('')));
    expect(screen.getByRole('listitem').textContent).toContain('上传失败');
  });

  it('aborts a running upload through the signal when it is removed', async () => {
    const user = userEvent.setup();
    const { upload, calls } = manualUpload();
    const onChange = vi.fn();
    const { input } = renderUpload({ upload, onChange });
    await user.upload(input, png());
    await waitFor(() => expect(calls).toHaveLength(1));
    const { signal } = calls[0]?.context ?? {};

    await user.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(signal?.aborted).toBe(true);
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith([]);
    // A late answer of the aborted upload changes nothing.
    await act(async () => calls[0]?.reject(new DOMException('aborted', 'AbortError')));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('keeps files beyond the concurrency pending until a running one finishes', async () => {
    const user = userEvent.setup();
    const { upload, calls } = manualUpload();
    const { input } = renderUpload({ upload, multiple: true, concurrency: 1 });
    await user.upload(input, [png('a.png'), png('b.png')]);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = screen.getAllByRole('listitem');
    expect(second?.textContent).toContain('Waiting');
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]?.resolve('a'));
    expect(first?.getAttribute('data-status')).toBe('done');
    expect(calls).toHaveLength(2);
    expect(second?.textContent).toContain('Uploading');
  });

  it('previews images in the picture list and frees the preview when removed', async () => {
    const user = userEvent.setup();
    const { input } = renderUpload({ upload: manualUpload().upload, listType: 'picture' });
    await user.upload(input, png('logo.png'));
    const image = await screen.findByRole('img', { name: 'logo.png' });
    expect(image.getAttribute('src')).toBe('blob:fake-0');
    await user.click(screen.getByRole('button', { name: 'Remove logo.png' }));
    expect(urls.revoked).toEqual(['blob:fake-0']);
  });

  it('shows no preview in the text list', async () => {
    const user = userEvent.setup();
    const { input } = renderUpload({ upload: manualUpload().upload });
    await user.upload(input, png('logo.png'));
    await screen.findByRole('listitem');
    expect(screen.queryByRole('img', { name: 'logo.png' })).toBeNull();
  });

  it('replaces the current file when a single upload gets a new one', async () => {
    const user = userEvent.setup();
    const { upload, calls } = manualUpload();
    const { input } = renderUpload({ upload });
    await user.upload(input, png('old.png'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.upload(input, png('new.png'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.context.signal.aborted).toBe(true);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]?.textContent).toContain('new.png');
  });
});

describe('Upload checks', () => {
  it('does not upload a file that fails the rules, shows why and reports it', async () => {
    const { upload } = manualUpload();
    const onReject = vi.fn();
    renderUpload({ upload, onReject, rules: { accept: ['.png'], maxBytes: 5 * MB } });
    const big = png('huge.png', 6 * MB);
    fireEvent.drop(zone(), { dataTransfer: { files: [big] } });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('huge.png: File too large (5M)');
    expect(onReject).toHaveBeenCalledWith(big, 'size', 'File too large (5M)');
    expect(upload).not.toHaveBeenCalled();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('rejects the wrong type in the current language', async () => {
    const { upload } = manualUpload();
    renderUpload({ upload, rules: { accept: ['.jpg', '.png'] }, label: '上传' }, 'zh-CN');
    fireEvent.drop(screen.getByRole('button', { name: '上传' }), {
      dataTransfer: { files: [fakeFile('a.pdf', 'application/pdf')] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('a.pdf：文件类型错误（支持：JPG, PNG）');
    expect(upload).not.toHaveBeenCalled();
  });

  it('rejects an image over the pixel limit and uploads the good ones of the same drop', async () => {
    const { upload, calls } = manualUpload();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (file: File) => ({
        width: file.name === 'huge.png' ? 6000 : 100,
        height: 100,
        close: () => undefined,
      })),
    );
    const onReject = vi.fn();
    renderUpload({ upload, onReject, multiple: true, rules: { maxWidth: 5000, maxHeight: 5000 } });
    fireEvent.drop(zone(), { dataTransfer: { files: [png('huge.png'), png('small.png')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'huge.png: Resolution too large (at most 5000x5000)',
    );
    expect(onReject).toHaveBeenCalledWith(expect.anything(), 'resolution', expect.any(String));
    await waitFor(() => expect(calls.map((call) => call.file.name)).toEqual(['small.png']));
  });

  it('accepts at most maxCount files and rejects the rest', async () => {
    const { upload } = manualUpload();
    const onReject = vi.fn();
    renderUpload({ upload, onReject, multiple: true, maxCount: 2 });
    fireEvent.drop(zone(), { dataTransfer: { files: [png('a.png'), png('b.png'), png('c.png')] } });
    expect((await screen.findByRole('alert')).textContent).toBe('c.png: At most 2 files');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(onReject).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'c.png' }),
      'count',
      'At most 2 files',
    );
    expect(zone().getAttribute('aria-describedby')).toBeTruthy();
  });

  it('allows 10 files by default (spec §5.6)', async () => {
    renderUpload({ upload: manualUpload().upload, multiple: true });
    const files = Array.from({ length: 11 }, (_, index) => png(`f${index}.png`));
    fireEvent.drop(zone(), { dataTransfer: { files } });
    expect((await screen.findByRole('alert')).textContent).toBe('f10.png: At most 10 files');
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });
});

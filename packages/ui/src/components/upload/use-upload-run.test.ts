import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pendingSend } from './test-helpers.js';
import type { UploadRequestContext } from './upload-types.js';
import { useUploadRun } from './use-upload-run.js';

const options = {
  failed: 'Upload failed',
  describe: (error: unknown) => (error === 'empty' ? 'Nothing in the sheet' : undefined),
};

describe('useUploadRun', () => {
  it('goes from idle through the progress to the answer, which run resolves to', async () => {
    const { result } = renderHook(() => useUploadRun<string>(options));
    expect(result.current.phase).toEqual({ kind: 'idle' });
    const upload = pendingSend<UploadRequestContext, string>();
    let answer: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      answer = result.current.run(upload.send);
    });
    expect(result.current.phase).toEqual({ kind: 'uploading', progress: 0 });
    act(() => upload.context().onProgress(0.5));
    expect(result.current.phase).toEqual({ kind: 'uploading', progress: 0.5 });
    await act(async () => upload.resolve('imported'));
    expect(result.current.phase).toEqual({ kind: 'done', result: 'imported' });
    expect(await answer).toBe('imported');
  });

  it.each([
    ['its own message', new Error('Too large'), 'Too large'],
    ['the words the dialog gives its code', 'empty', 'Nothing in the sheet'],
    ['the general words when it has none', new Error(''), 'Upload failed'],
  ])('shows a failure with %s', async (_, error, message) => {
    const { result } = renderHook(() => useUploadRun<string>(options));
    const upload = pendingSend<UploadRequestContext, string>();
    let answer: Promise<string | undefined> = Promise.resolve('');
    act(() => {
      answer = result.current.run(upload.send);
    });
    await act(async () => upload.reject(error));
    expect(result.current.phase).toEqual({ kind: 'failed', message });
    expect(await answer).toBeUndefined();
  });

  it('stops the run under way when reset, when another starts and when unmounted, showing nothing of it', async () => {
    const { result, unmount } = renderHook(() => useUploadRun<string>(options));
    const first = pendingSend<UploadRequestContext, string>();
    act(() => void result.current.run(first.send));
    act(() => result.current.reset());
    expect(first.context().signal.aborted).toBe(true);
    await act(async () => first.reject(new Error('aborted')));
    expect(result.current.phase).toEqual({ kind: 'idle' });

    const second = pendingSend<UploadRequestContext, string>();
    const third = pendingSend<UploadRequestContext, string>();
    act(() => void result.current.run(second.send));
    act(() => void result.current.run(third.send));
    expect(second.context().signal.aborted).toBe(true);
    expect(third.context().signal.aborted).toBe(false);
    unmount();
    expect(third.context().signal.aborted).toBe(true);
  });
});

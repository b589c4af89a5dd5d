import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pendingSend } from './test-helpers.js';
import type { UploadStepContext } from './use-upload-phase.js';
import { useUploadPhase } from './use-upload-phase.js';

describe('useUploadPhase', () => {
  it('shows the steps the upload reaches, locked meanwhile, and resolves to its answer', async () => {
    const { result } = renderHook(() => useUploadPhase({ failed: 'Upload failed' }));
    expect(result.current).toMatchObject({ phase: { kind: 'idle' }, busy: false });
    const upload = pendingSend<UploadStepContext, string>();
    let answer: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      answer = result.current.upload(upload.send);
    });
    act(() => upload.context().step({ kind: 'hashing' }));
    expect(result.current).toMatchObject({ phase: { kind: 'hashing' }, busy: true });
    act(() => upload.context().step({ kind: 'uploading', progress: 0.25 }));
    expect(result.current.phase).toEqual({ kind: 'uploading', progress: 0.25 });
    await act(async () => upload.resolve('firmware/1_abc.bin'));
    expect(await answer).toBe('firmware/1_abc.bin');
  });

  it.each([
    ['its own message', new Error('Hash mismatch'), 'Hash mismatch'],
    ['the general words when it has none', new Error(''), 'Upload failed'],
  ])('shows a failed upload with %s, unlocked', async (_, error, message) => {
    const { result } = renderHook(() => useUploadPhase({ failed: 'Upload failed' }));
    const upload = pendingSend<UploadStepContext, string>();
    let answer: Promise<string | undefined> = Promise.resolve('');
    act(() => {
      answer = result.current.upload(upload.send);
    });
    await act(async () => upload.reject(error));
    expect(result.current).toMatchObject({ phase: { kind: 'failed', message }, busy: false });
    expect(await answer).toBeUndefined();
  });

  it('stops the upload when reset or unmounted, showing nothing of it', async () => {
    const { result, unmount } = renderHook(() => useUploadPhase({ failed: 'Upload failed' }));
    const first = pendingSend<UploadStepContext, string>();
    act(() => void result.current.upload(first.send));
    act(() => first.context().step({ kind: 'uploading', progress: 0.5 }));
    act(() => result.current.reset());
    expect(first.context().signal.aborted).toBe(true);
    await act(async () => first.reject(new Error('aborted')));
    expect(result.current.phase).toEqual({ kind: 'idle' });
    const second = pendingSend<UploadStepContext, string>();
    act(() => void result.current.upload(second.send));
    unmount();
    expect(second.context().signal.aborted).toBe(true);
  });

  it('is saving while the record is, and unlocked again with the refusal given to the caller', async () => {
    const { result } = renderHook(() => useUploadPhase({ failed: 'Upload failed' }));
    let settle!: (value: string) => void;
    let saved: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      saved = result.current.save(() => new Promise<string>((resolve) => (settle = resolve)), vi.fn());
    });
    expect(result.current).toMatchObject({ phase: { kind: 'saving' }, busy: true });
    await act(async () => settle('record'));
    expect(await saved).toBe('record');

    const refusal = new Error('already uploaded');
    const refused = vi.fn();
    let again: Promise<string | undefined> = Promise.resolve('');
    await act(async () => {
      again = result.current.save(() => Promise.reject(refusal), refused);
      await again;
    });
    expect(refused).toHaveBeenCalledWith(refusal);
    expect(result.current).toMatchObject({ phase: { kind: 'idle' }, busy: false });
    expect(await again).toBeUndefined();
  });
});

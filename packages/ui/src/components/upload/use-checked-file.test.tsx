import '../../test-polyfills.js';
import { act, renderHook } from '@testing-library/react';
import { I18nProvider } from '@vap/kernel/i18n';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createUiI18n } from '../../test-support.js';
import { useCheckedFile } from './use-checked-file.js';

const wrapper = ({ children }: { children: ReactNode }) => (
  <I18nProvider i18n={createUiI18n('en')}>{children}</I18nProvider>
);

describe('useCheckedFile', () => {
  it('keeps a file that passes, says why one does not, and lets the refused one go', async () => {
    const { result } = renderHook(() => useCheckedFile({ accept: ['.csv'] }), { wrapper });
    expect([result.current.file, result.current.error]).toEqual([null, '']);
    const sheet = new File(['value'], 'plates.csv', { type: 'text/csv' });
    let kept: File | null = null;
    await act(async () => {
      kept = await result.current.choose(sheet);
    });
    expect(kept).toBe(sheet);
    expect([result.current.file, result.current.error]).toEqual([sheet, '']);
    await act(async () => {
      kept = await result.current.choose(new File(['x'], 'photo.png', { type: 'image/png' }));
    });
    expect(kept).toBeNull();
    expect(result.current.file).toBeNull();
    expect(result.current.error).not.toBe('');
  });
});

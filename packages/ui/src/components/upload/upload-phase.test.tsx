import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { FileChooser } from './file-chooser.js';
import { type UploadPhase, UploadPhaseView, uploadBusy } from './upload-phase.js';

afterEach(cleanup);

const labels = {
  hashing: 'Reading',
  sending: (percent: number) => `Sending ${percent}%`,
  saving: 'Saving',
  progress: 'Progress',
};

describe('UploadPhaseView', () => {
  it('shows the step in the caller’s words with its progress, and nothing while idle', () => {
    const view = renderWithUi(<UploadPhaseView phase={{ kind: 'idle' }} labels={labels} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    view.rerender(<UploadPhaseView phase={{ kind: 'uploading', progress: 0.426 }} labels={labels} />);
    expect(screen.getByRole('status').textContent).toBe('Sending 43%');
    expect((screen.getByRole('progressbar', { name: 'Progress' }) as HTMLProgressElement).value).toBe(0.426);
    view.rerender(<UploadPhaseView phase={{ kind: 'saving' }} labels={labels} />);
    expect(screen.getByRole('status').textContent).toBe('Saving');
    view.rerender(
      <UploadPhaseView phase={{ kind: 'failed', message: 'Upload hash error' }} labels={labels} />,
    );
    expect(screen.getByText('Upload hash error')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers its cancel only while the file is read or sent', async () => {
    const onCancel = vi.fn();
    const cancel = { label: 'Cancel the upload', onCancel };
    const view = renderWithUi(
      <UploadPhaseView phase={{ kind: 'hashing' }} labels={labels} cancel={cancel} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the upload' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    view.rerender(<UploadPhaseView phase={{ kind: 'saving' }} labels={labels} cancel={cancel} />);
    expect(screen.queryByRole('button', { name: 'Cancel the upload' })).toBeNull();
    // Without a cancel, none is offered.
    view.rerender(<UploadPhaseView phase={{ kind: 'uploading', progress: 0 }} labels={labels} />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('counts reading, sending and saving as busy', () => {
    const phases: UploadPhase[] = [
      { kind: 'idle' },
      { kind: 'hashing' },
      { kind: 'uploading', progress: 0.5 },
      { kind: 'saving' },
      { kind: 'failed', message: '' },
    ];
    expect(phases.map(uploadBusy)).toEqual([false, true, true, true, false]);
  });
});

describe('FileChooser', () => {
  it('opens the picker from its button and shows the file chosen with its size', () => {
    const onChoose = vi.fn();
    const chooser = (file: File | null) => (
      <FileChooser chooseLabel="Choose" noFileLabel="No file" file={file} onChoose={onChoose} testId="pick" />
    );
    const view = renderWithUi(chooser(null));
    expect(screen.getByText('No file')).toBeTruthy();
    const file = new File(['x'.repeat(2048)], 'notes.bin');
    fireEvent.change(screen.getByTestId('pick'), { target: { files: [file] } });
    expect(onChoose).toHaveBeenCalledWith(file);
    view.rerender(chooser(file));
    expect(screen.getByText('notes.bin (2K)')).toBeTruthy();
  });
});

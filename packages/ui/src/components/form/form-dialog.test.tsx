import '../../test-polyfills.js';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithUi } from '../../test-support.js';
import { Input } from '../input.js';
import { FormField, useZodForm } from './form.js';
import { FormDialog } from './form-dialog.js';

afterEach(cleanup);

const schema = z.object({ name: z.string().trim().min(1, 'required') });

function NameDialog({
  onSubmit,
  onClose,
}: {
  onSubmit: (values: { name: string }) => unknown;
  onClose: () => void;
}) {
  const form = useZodForm(schema, { defaultValues: { name: '' } });
  return (
    <FormDialog form={form} title="Add a group" onSubmit={onSubmit} onClose={onClose}>
      <FormField name="name" label="Name" render={({ field }) => <Input {...field} />} />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('is a dialog named by its title holding the form, with Cancel and Save in the language shown', async () => {
    renderWithUi(<NameDialog onSubmit={vi.fn()} onClose={vi.fn()} />, 'zh-CN');
    const dialog = await screen.findByRole('dialog', { name: 'Add a group' });
    expect(dialog.querySelector('form[aria-label="Add a group"]')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
  });

  it('submits valid values only, and Cancel and Escape close it', async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    renderWithUi(<NameDialog onSubmit={onSubmit} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Name'), 'Lobby cameras');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Lobby cameras' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps what was typed while a submission is pending and after it fails', async () => {
    let fail: (error: Error) => void = () => undefined;
    const onSubmit = vi.fn(() =>
      new Promise<void>((_, reject) => {
        fail = reject;
      }).catch(() => undefined),
    );
    renderWithUi(<NameDialog onSubmit={onSubmit} onClose={vi.fn()} />);
    await userEvent.type(await screen.findByLabelText('Name'), 'Gate');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true'),
    );
    fail(new Error('taken'));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).not.toBe('true'),
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Gate');
  });
});

import '../../test-polyfills.js';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vap/kernel';
import { I18nProvider } from '@vap/kernel/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createUiI18n } from '../../test-support.js';
import { Form, SubmitButton, useZodForm } from './form.js';
import { saveForm } from './save-form.js';
import { TextField } from './text-field.js';

afterEach(cleanup);

const schema = z.object({ name: z.string() });

/** A form whose Save runs `save` through `saveForm`, `onSaved` after it. */
function NameForm({ save, onSaved }: { save: () => Promise<string>; onSaved: (saved: string) => void }) {
  const form = useZodForm(schema, { defaultValues: { name: 'kept' } });
  return (
    <Form form={form} onSubmit={() => saveForm(form, save, onSaved)}>
      <TextField name="name" label="Name" />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

function renderForm(save: () => Promise<string>, onSaved: (saved: string) => void) {
  render(
    <I18nProvider i18n={createUiI18n('en')}>
      <NameForm save={save} onSaved={onSaved} />
    </I18nProvider>,
  );
}

describe('saveForm', () => {
  it('gives what was saved to onSaved', async () => {
    const onSaved = vi.fn();
    renderForm(async () => 'saved', onSaved);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('saved'));
  });

  it("shows a refusal's field messages under the fields, keeps what was typed, and does not call onSaved", async () => {
    const onSaved = vi.fn();
    renderForm(async () => {
      throw new ApiError(400, 'invalid', 'Invalid.', { name: 'Name: already taken.' });
    }, onSaved);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Name: already taken.'));
    const name = screen.getByLabelText('Name') as HTMLInputElement;
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.value).toBe('kept');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('settles quietly on a failure that is no refusal of the server', async () => {
    const onSaved = vi.fn();
    renderForm(async () => {
      throw new Error('offline');
    }, onSaved);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });
});

import '../../test-polyfills.js';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@vap/kernel/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createUiI18n } from '../../test-support.js';
import { Form, SubmitButton, useZodForm } from './form.js';
import { TextareaField, TextField } from './text-field.js';

afterEach(cleanup);

const schema = z.object({
  name: z.string().min(1, 'Enter a name'),
  site: z.string().optional(),
  remark: z.string().max(4, 'Too long').optional(),
});

function NameForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { name: '' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField name="name" label="Name" required hint="As shown" maxLength={8} placeholder="Scheme" />
      <TextField name="site" label="Site" autoComplete="off" />
      <TextareaField name="remark" label="Remark" hint="For the team" rows={4} maxLength={10} />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

function renderForm(onSubmit: (values: z.output<typeof schema>) => void) {
  render(
    <I18nProvider i18n={createUiI18n('en')}>
      <NameForm onSubmit={onSubmit} />
    </I18nProvider>,
  );
}

describe('TextField', () => {
  it('is a labelled input with the input’s own props, its message, and the form’s value', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    const site = screen.getByRole<HTMLInputElement>('textbox', { name: 'Site' });
    expect([name.maxLength, name.placeholder, name.getAttribute('aria-required')]).toEqual([
      8,
      'Scheme',
      'true',
    ]);
    expect(name.getAttribute('aria-describedby')).toBe(screen.getByText('As shown').id);
    // A field without a value shows empty.
    expect([site.value, site.autocomplete]).toEqual(['', 'off']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Enter a name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(name, 'Lobby');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Lobby' }));
  });
});

describe('TextareaField', () => {
  it('is a labelled textarea with the textarea’s own props, its message, and the form’s value', async () => {
    const onSubmit = vi.fn();
    renderForm(onSubmit);
    const remark = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Remark' });
    // A field without a value shows empty.
    expect([remark.value, remark.rows, remark.maxLength]).toEqual(['', 4, 10]);
    expect(remark.getAttribute('aria-describedby')).toContain(screen.getByText('For the team').id);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Lobby');
    await userEvent.type(remark, 'Lobby');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too long');
    expect(remark.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(remark);
    await userEvent.type(remark, 'Hall');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Lobby', remark: 'Hall' }));
  });
});

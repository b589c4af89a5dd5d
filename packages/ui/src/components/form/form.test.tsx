import '../../test-polyfills.js';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { phoneSchema } from '@vap/contracts';
import { I18nProvider } from '@vap/kernel/i18n';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createUiI18n } from '../../test-support.js';
import { Input } from '../input.js';
import { applyFieldErrors, Form, FormField, SubmitButton, useFormPending, useZodForm } from './form.js';
import { Select } from './select.js';

afterEach(cleanup);

/** Like the console: its own strings (with the `validation.*` keys) are the default namespace. */
function renderInConsole(element: ReactElement) {
  const i18n = createUiI18n('en');
  i18n.addMessages('en', 'translation', {
    validation: { phone: 'Enter a valid mobile number', required: 'Required' },
  });
  return render(<I18nProvider i18n={i18n}>{element}</I18nProvider>);
}

const schema = z.object({ phone: phoneSchema, city: z.string().min(1, 'validation.required') });
type Values = z.output<typeof schema>;

function PendingNote() {
  return useFormPending() ? <p>Saving…</p> : null;
}

/** The city: a Select in a FormField, of a form whose values have a `city`. */
function CityField() {
  return (
    <FormField<{ city: string }, 'city'>
      name="city"
      label="City"
      render={({ field }) => (
        <Select
          options={[{ value: 'sh', label: 'Shanghai' }]}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
        />
      )}
    />
  );
}

function PhoneForm({
  onSubmit,
  server,
}: {
  onSubmit: (values: Values) => unknown;
  /** The server's field messages, applied when submitting resolves. */
  server?: Record<string, string>;
}) {
  const form = useZodForm(schema, { defaultValues: { phone: '', city: 'sh' } });
  return (
    <Form
      form={form}
      onSubmit={async (values) => {
        await onSubmit(values);
        if (server) applyFieldErrors(form, server);
      }}
    >
      <FormField
        name="phone"
        label="Phone"
        required
        hint="Mainland mobile number"
        render={({ field }) => <Input {...field} />}
      />
      <CityField />
      <PendingNote />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

describe('Form and FormField', () => {
  it('shows the translated zod message under the invalid field, wired for screen readers, without submitting', async () => {
    const onSubmit = vi.fn();
    renderInConsole(<PhoneForm onSubmit={onSubmit} />);
    const phone = screen.getByLabelText('Phone');
    expect(phone.getAttribute('aria-required')).toBe('true');
    await userEvent.type(phone, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('Enter a valid mobile number');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(phone);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears the message once the field is corrected and submits the parsed values', async () => {
    const onSubmit = vi.fn();
    renderInConsole(<PhoneForm onSubmit={onSubmit} />);
    const phone = screen.getByLabelText('Phone');
    await userEvent.type(phone, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    await userEvent.clear(phone);
    await userEvent.type(phone, ' 13800138000 ');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(phone.getAttribute('aria-describedby')).toBe(screen.getByText('Mainland mobile number').id);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The schema trims: onSubmit gets its output, not the raw input.
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ phone: '13800138000', city: 'sh' }));
  });

  it('is pending while the async submit runs: the submit button is busy and disabled', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderInConsole(<PhoneForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Phone'), '13800138000');
    const button = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Saving…')).toBeTruthy();
    await userEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText('Saving…')).toBeNull();
  });

  it('names a Select by its FormField label and marks it invalid', async () => {
    function CityForm() {
      const form = useZodForm(z.object({ city: z.string().min(1, 'validation.required') }), {
        defaultValues: { city: '' },
      });
      return (
        <Form form={form} onSubmit={() => {}}>
          <CityField />
          <SubmitButton>Save</SubmitButton>
        </Form>
      );
    }
    renderInConsole(<CityForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const trigger = screen.getByRole('combobox', { name: 'City' });
    await waitFor(() => expect(trigger.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByRole('alert').textContent).toBe('Required');
    expect(document.activeElement).toBe(trigger);
  });
});

describe('applyFieldErrors', () => {
  it("shows the server's messages unchanged on the matching fields and focuses the first", async () => {
    renderInConsole(
      <PhoneForm
        onSubmit={() => {}}
        server={{ unknown: 'ignored', phone: 'Phone: already registered.', city: '城市不可用' }}
      />,
    );
    const phone = screen.getByLabelText('Phone');
    await userEvent.type(phone, '13800138000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Phone: already registered.',
      '城市不可用',
    ]);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'City' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('ignored')).toBeNull();
    expect(document.activeElement).toBe(phone);
  });

  it('reports whether any field matched', async () => {
    const results: boolean[] = [];
    function Probe() {
      const form = useZodForm(schema, { defaultValues: { phone: '13800138000', city: 'sh' } });
      return (
        <Form
          form={form}
          onSubmit={() => {
            results.push(applyFieldErrors(form, { other: 'x' }), applyFieldErrors(form, { phone: 'taken' }));
          }}
        >
          <FormField name="phone" label="Phone" render={({ field }) => <Input {...field} />} />
          <SubmitButton>Save</SubmitButton>
        </Form>
      );
    }
    renderInConsole(<Probe />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(results).toEqual([false, true]));
  });
});

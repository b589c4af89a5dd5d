import '../../test-polyfills.js';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@vap/kernel/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createUiI18n } from '../../test-support.js';
import { Form, SubmitButton, useZodForm } from './form.js';
import { QuantityField, quantityOf } from './quantity-field.js';

afterEach(cleanup);

describe('quantityOf', () => {
  it.each([
    ['', undefined],
    ['  ', undefined],
    ['12', 12],
    [' 7 ', 7],
  ])('reads %j as %j', (text, quantity) => {
    expect(quantityOf(text)).toBe(quantity);
  });

  it.each(['1.5', '-3', '+3', '2x', 'abc'])('reads %j, which is no whole quantity, as NaN', (text) => {
    expect(quantityOf(text)).toBeNaN();
  });
});

const schema = z.object({ quantity: z.number({ error: 'Enter a quantity' }).int().min(1, 'At least one') });

function QuantityForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { quantity: 3 } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <QuantityField name="quantity" label="Quantity" required hint="Whole numbers" />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

function renderForm(onSubmit = vi.fn()) {
  render(
    <I18nProvider i18n={createUiI18n('en')}>
      <QuantityForm onSubmit={onSubmit} />
    </I18nProvider>,
  );
  return onSubmit;
}

describe('QuantityField', () => {
  it('starts with the form’s quantity, labelled, numeric, and submits the number typed', async () => {
    const onSubmit = renderForm();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' });
    expect(input.value).toBe('3');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByText('Whole numbers').id);
    await userEvent.clear(input);
    await userEvent.type(input, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ quantity: 12 }));
  });

  it('keeps what is no quantity as typed, and the schema refuses it with its message', async () => {
    const onSubmit = renderForm();
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Quantity' });
    await userEvent.clear(input);
    await userEvent.type(input, '1.5');
    expect(input.value).toBe('1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

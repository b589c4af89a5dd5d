import '../../test-polyfills.js';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithUi } from '../../test-support.js';
import { Form, SubmitButton, useZodForm } from './form.js';
import { IdSelectField, SelectField } from './select-field.js';

afterEach(cleanup);

const schema = z.object({ group_id: z.number().nullable() });
const groups = [
  { value: '3', label: 'Lobby' },
  { value: '7', label: 'Garage' },
];

function GroupForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, { defaultValues: { group_id: 3 } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <IdSelectField
        name="group_id"
        label="Group"
        options={groups}
        placeholder="No group"
        none={null}
        clearable
      />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

/** Opens the select from the keyboard and picks the option after the chosen one. */
async function chooseNext(trigger: HTMLElement) {
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  await screen.findByRole('listbox');
  await userEvent.keyboard('{ArrowDown}{Enter}');
}

describe('IdSelectField', () => {
  it('shows the id the form holds, gives the form the chosen id as a number, and no id once emptied', async () => {
    const onSubmit = vi.fn();
    renderWithUi(<GroupForm onSubmit={onSubmit} />);
    const trigger = screen.getByRole('combobox', { name: 'Group' });
    expect(trigger.textContent).toBe('Lobby');
    await chooseNext(trigger);
    expect(trigger.textContent).toBe('Garage');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ group_id: 7 }));
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(trigger.textContent).toBe('No group');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith({ group_id: null }));
  });
});

const strategySchema = z.object({ strategy: z.string() });

function StrategyForm({ onSubmit }: { onSubmit: (values: z.output<typeof strategySchema>) => void }) {
  const form = useZodForm(strategySchema, { defaultValues: { strategy: 'ring-all' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <SelectField
        name="strategy"
        label="Strategy"
        options={[
          { value: 'ring-all', label: 'Ring all' },
          { value: 'longest-idle', label: 'Longest idle' },
        ]}
      />
      <SubmitButton>Save</SubmitButton>
    </Form>
  );
}

describe('SelectField', () => {
  it('shows the text the form holds and gives the form the chosen one', async () => {
    const onSubmit = vi.fn();
    renderWithUi(<StrategyForm onSubmit={onSubmit} />);
    const trigger = screen.getByRole('combobox', { name: 'Strategy' });
    expect(trigger.textContent).toBe('Ring all');
    await chooseNext(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ strategy: 'longest-idle' }));
  });
});

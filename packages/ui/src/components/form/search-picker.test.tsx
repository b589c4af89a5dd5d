import '../../test-polyfills.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithUi } from '../../test-support.js';
import { useFilters } from '../data/use-filters.js';
import { useZodForm } from './form.js';
import { FormDialog } from './form-dialog.js';
import { SearchPicker, type SearchPickerList } from './search-picker.js';

afterEach(cleanup);

const SPEC = { sn: { like: z.string().trim().min(1).max(20) } } as const;
const DEVICES = [
  { id: 1, sn: 'A-1' },
  { id: 2, sn: 'A-2' },
  { id: 3, sn: 'B-1' },
];
const schema = z.object({ device_ids: z.array(z.number()).min(1) });

/** A dialog choosing devices; the list is what `read` answers for the search's serial. */
function Picker({
  read,
  onSubmit,
}: {
  read: (sn: string) => Omit<SearchPickerList, 'refetch'> & { refetch?: () => unknown };
  onSubmit: (values: { device_ids: number[] }) => unknown;
}) {
  const form = useZodForm(schema, { defaultValues: { device_ids: [] } });
  const filters = useFilters(SPEC, [{ key: 'sn', op: 'like', kind: 'text', label: 'Serial' }]);
  const [, rerender] = useState(0);
  const sn = String(filters.wheres[0]?.v ?? '');
  const list = { refetch: () => rerender((n) => n + 1), ...read(sn) };
  const shown = DEVICES.filter((device) => device.sn.startsWith(sn));
  return (
    <FormDialog form={form} title="Choose" onSubmit={onSubmit} onClose={vi.fn()}>
      <SearchPicker
        filters={filters}
        searchLabel="Search the devices"
        name="device_ids"
        label="Devices"
        list={list}
        options={shown.map((device) => ({ value: device.id, label: device.sn }))}
        chosen={form.watch('device_ids')}
        onChoose={(ids) => form.setValue('device_ids', ids)}
        failedText={(message) => `Not read: ${message}`}
        emptyText="None match"
      />
    </FormDialog>
  );
}

const loaded = () => ({ isPending: false, isError: false, error: null, data: {} });

describe('SearchPicker', () => {
  it('searches on Enter without submitting the form, and keeps what was chosen under an earlier search', async () => {
    const onSubmit = vi.fn();
    renderWithUi(<Picker read={loaded} onSubmit={onSubmit} />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'A-2' }));
    // A chosen device makes the form valid: Enter would submit it, were it not the search's.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Serial' }), 'B{Enter}');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'B-1' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('checkbox', { name: 'A-2' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ device_ids: [2, 3] }));
  });

  it('shows a list that could not be read with its reason and a retry', async () => {
    const read = vi.fn(() => ({
      isPending: false,
      isError: true,
      error: new Error('offline'),
      data: undefined,
    }));
    renderWithUi(<Picker read={read} onSubmit={vi.fn()} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not read: offline');
    const reads = read.mock.calls.length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(read.mock.calls.length).toBeGreaterThan(reads);
  });
});

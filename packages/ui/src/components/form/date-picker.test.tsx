import '../../test-polyfills.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startOfDay, subDays } from 'date-fns';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi, useHeldValue } from '../../test-support.js';
import { Field } from '../field.js';
import { DatePicker } from './date-picker.js';
import { DateRangePicker, type DateRangeValue, wholeDays } from './date-range-picker.js';

afterEach(cleanup);

/** The day button of an ISO date in the open calendar. */
function day(iso: string): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>(`[data-day="${iso}"]:not([data-outside]) button`);
  if (!button) throw new Error(`no day ${iso} in the calendar`);
  return button;
}

function SingleHarness({
  initial,
  onChange,
  ...rest
}: {
  initial: Date | null;
  onChange?: (d: Date | null) => void;
  min?: Date;
  max?: Date;
}) {
  const [value, change] = useHeldValue(initial, onChange);
  return (
    <Field label="Start date" required>
      <DatePicker value={value} onChange={change} {...rest} />
    </Field>
  );
}

describe('DatePicker', () => {
  it('is named by the Field label and shows the date as yyyy-MM-dd, or the translated placeholder', () => {
    renderWithUi(
      <>
        <SingleHarness initial={new Date(2024, 5, 10)} />
        <DatePicker aria-label="End date" value={null} onChange={() => {}} />
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Start date' });
    expect(trigger.textContent).toBe('2024-06-10');
    expect(trigger.getAttribute('aria-required')).toBe('true');
    // Without a visible label, its name is its aria-label followed by what it shows (WCAG 2.5.3).
    expect(screen.getByRole('button', { name: 'End date Select date' }).textContent).toBe('Select date');
  });

  it('opens a calendar from the keyboard, focuses the chosen day and picks another with the arrow keys', async () => {
    const onChange = vi.fn();
    renderWithUi(<SingleHarness initial={new Date(2024, 5, 10)} onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: 'Start date' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Calendar' });
    expect(within(dialog).getByText('June 2024')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(day('2024-06-10')));
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(new Date(2024, 5, 18));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger.textContent).toBe('2024-06-18');
  });

  it('picks a clicked day and closes', async () => {
    renderWithUi(<SingleHarness initial={new Date(2024, 5, 10)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start date' }));
    await screen.findByRole('dialog');
    await userEvent.click(day('2024-06-03'));
    expect(screen.getByRole('button', { name: 'Start date' }).textContent).toBe('2024-06-03');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears with a translated clear button and gives the focus back to the trigger', async () => {
    const onChange = vi.fn();
    renderWithUi(<SingleHarness initial={new Date(2024, 5, 10)} onChange={onChange} />, 'zh-CN');
    await userEvent.click(screen.getByRole('button', { name: '清除日期' }));
    expect(onChange).toHaveBeenCalledWith(null);
    const trigger = screen.getByRole('button', { name: 'Start date' });
    expect(trigger.textContent).toBe('请选择日期');
    expect(document.activeElement).toBe(trigger);
    expect(screen.queryByRole('button', { name: '清除日期' })).toBeNull();
  });

  it('does not let days outside min and max be picked', async () => {
    const onChange = vi.fn();
    renderWithUi(
      <SingleHarness
        initial={new Date(2024, 5, 10)}
        min={new Date(2024, 5, 5)}
        max={new Date(2024, 5, 20)}
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start date' }));
    await screen.findByRole('dialog');
    expect(day('2024-06-04').disabled).toBe(true);
    expect(day('2024-06-21').disabled).toBe(true);
    await userEvent.click(day('2024-06-21'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the calendar (month, weekdays, navigation) in Simplified Chinese when the console is in zh-CN', async () => {
    renderWithUi(<SingleHarness initial={new Date(2024, 5, 10)} />, 'zh-CN');
    await userEvent.click(screen.getByRole('button', { name: 'Start date' }));
    const dialog = await screen.findByRole('dialog', { name: '日历' });
    expect(within(dialog).getByRole('status').textContent).toBe('2024年6月');
    expect(within(dialog).getByRole('grid').getAttribute('aria-label')).toBe('2024年6月');
    expect(dialog.querySelector('th')?.getAttribute('aria-label')).toBe('星期一');
    expect(within(dialog).getByRole('button', { name: '前往下个月' })).toBeTruthy();
  });

  it('shows the calendar in Traditional Chinese when the console is in zh-TW', async () => {
    renderWithUi(<SingleHarness initial={new Date(2024, 5, 10)} />, 'zh-TW');
    await userEvent.click(screen.getByRole('button', { name: 'Start date' }));
    const dialog = await screen.findByRole('dialog', { name: '日曆' });
    expect(within(dialog).getByRole('status').textContent).toBe('2024年6月');
    expect(within(dialog).getByRole('button', { name: '前往下個月' })).toBeTruthy();
  });
});

function RangeHarness({
  initial,
  onChange,
}: {
  initial: DateRangeValue | null;
  onChange?: (r: DateRangeValue | null) => void;
}) {
  const [value, change] = useHeldValue(initial, onChange);
  return (
    <Field label="Period">
      <DateRangePicker value={value} onChange={change} />
    </Field>
  );
}

describe('DateRangePicker', () => {
  const june = { from: new Date(2024, 5, 3), to: new Date(2024, 5, 5) };

  it('shows the range as "start ~ end"', () => {
    renderWithUi(<RangeHarness initial={june} />);
    expect(screen.getByRole('button', { name: 'Period' }).textContent).toBe('2024-06-03 ~ 2024-06-05');
  });

  it('named by aria-label (a filter), its name holds what it shows: the placeholder, then the range', async () => {
    function Filter() {
      const [value, setValue] = useState<DateRangeValue | null>(null);
      return <DateRangePicker aria-label="Time" value={value} onChange={setValue} />;
    }
    renderWithUi(<Filter />);
    const trigger = screen.getByRole('button', { name: 'Time Start date ~ End date' });
    expect(trigger.textContent).toBe('Start date ~ End date');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(trigger.textContent).not.toBe('Start date ~ End date'));
    expect(trigger.getAttribute('aria-label')).toBe(`Time ${trigger.textContent}`);
  });

  it('picks two days in either order and closes', async () => {
    const onChange = vi.fn();
    renderWithUi(<RangeHarness initial={june} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Period' }));
    await screen.findByRole('dialog');
    await userEvent.click(day('2024-06-20'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    await userEvent.click(day('2024-06-12'));
    expect(onChange).toHaveBeenCalledWith({ from: new Date(2024, 5, 12), to: new Date(2024, 5, 20) });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Period' }).textContent).toBe('2024-06-12 ~ 2024-06-20');
  });

  it('offers translated presets that set the last 7 or 30 days, today included', async () => {
    const onChange = vi.fn();
    renderWithUi(<RangeHarness initial={null} onChange={onChange} />, 'zh-CN');
    const trigger = screen.getByRole('button', { name: 'Period' });
    expect(trigger.textContent).toBe('开始日期 ~ 结束日期');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: '最近 7 天' }));
    const today = startOfDay(new Date());
    expect(onChange).toHaveBeenLastCalledWith({ from: subDays(today, 6), to: today });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('button', { name: '最近 30 天' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: subDays(today, 29), to: today });
  });

  it('clears the range', async () => {
    const onChange = vi.fn();
    renderWithUi(<RangeHarness initial={june} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.getByRole('button', { name: 'Period' }).textContent).toBe('Start date ~ End date');
  });
});

describe('wholeDays', () => {
  it('covers a range from the start of its first local day to the end of its last', () => {
    expect(wholeDays({ from: new Date(2026, 2, 1, 15, 30), to: new Date(2026, 2, 3, 8) })).toEqual([
      new Date(2026, 2, 1).toISOString(),
      new Date(2026, 2, 3, 23, 59, 59, 999).toISOString(),
    ]);
  });
});

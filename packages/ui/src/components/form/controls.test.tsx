import '../../test-polyfills.js';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SizeProvider } from '../../size.js';
import { renderWithUi, useHeldValue } from '../../test-support.js';
import { Field } from '../field.js';
import { Checkbox } from './checkbox.js';
import { RadioGroup, RadioGroupItem } from './radio-group.js';
import { Select } from './select.js';
import { Switch } from './switch.js';
import { Textarea } from './textarea.js';

afterEach(cleanup);

const cities = [
  { value: 'sh', label: 'Shanghai' },
  { value: 'bj', label: 'Beijing', disabled: true },
  { value: 'sz', label: 'Shenzhen' },
];

describe('Textarea', () => {
  it('shows how much of maxLength is used and updates while typing', async () => {
    renderWithUi(<Textarea aria-label="Remark" maxLength={200} />);
    const textarea = screen.getByRole('textbox', { name: 'Remark' });
    expect(screen.getByText('0 / 200')).toBeTruthy();
    await userEvent.type(textarea, 'Hello world!');
    expect(screen.getByText('12 / 200')).toBeTruthy();
    expect(textarea.getAttribute('maxlength')).toBe('200');
  });

  it('describes the count in words, translated, next to the field message', () => {
    renderWithUi(
      <Field label="备注" hint="选填">
        <Textarea value="你好" onChange={() => {}} maxLength={10} />
      </Field>,
      'zh-CN',
    );
    const textarea = screen.getByLabelText('备注');
    const ids = (textarea.getAttribute('aria-describedby') ?? '').split(' ');
    expect(ids).toHaveLength(2);
    const texts = ids.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['选填', '已输入 2 个字符，最多 10 个']);
  });

  it('has no counter without maxLength', () => {
    renderWithUi(<Textarea aria-label="Remark" />);
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBeNull();
  });
});

function ControlledSelect(props: {
  onValueChange?: (value: string) => void;
  clearable?: boolean;
  initial?: string;
}) {
  const [value, change] = useHeldValue(props.initial ?? '', props.onValueChange);
  return (
    <Field label="City" error={value === '' ? 'Choose a city' : undefined} required>
      <Select options={cities} value={value} clearable={props.clearable} onValueChange={change} />
    </Field>
  );
}

describe('Select', () => {
  it('is named by the Field label and carries its aria attributes on the trigger', () => {
    renderWithUi(<ControlledSelect />);
    const trigger = screen.getByRole('combobox', { name: 'City' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    expect(trigger.getAttribute('aria-required')).toBe('true');
    expect(document.getElementById(trigger.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Choose a city',
    );
    expect(trigger.textContent).toBe('Select');
  });

  it('opens with the keyboard and picks an option with the arrow keys and Enter, skipping disabled ones', async () => {
    const onValueChange = vi.fn();
    renderWithUi(<ControlledSelect onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'City' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Beijing' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onValueChange).toHaveBeenCalledWith('sz');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toBe('Shenzhen');
  });

  it('clears the choice with a translated clear button when clearable', async () => {
    const onValueChange = vi.fn();
    renderWithUi(<ControlledSelect clearable initial="sh" onValueChange={onValueChange} />, 'zh-CN');
    const trigger = screen.getByRole('combobox', { name: 'City' });
    expect(trigger.textContent).toBe('Shanghai');
    await userEvent.click(screen.getByRole('button', { name: '清除选择' }));
    expect(onValueChange).toHaveBeenCalledWith('');
    expect(trigger.textContent).toBe('请选择');
    expect(screen.queryByRole('button', { name: '清除选择' })).toBeNull();
  });

  it('follows the control size', () => {
    renderWithUi(
      <SizeProvider size="small">
        <Select aria-label="City" options={cities} />
      </SizeProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'City' }).className).toContain('h-7');
  });
});

describe('Checkbox', () => {
  it('is named by its label and toggles with Space', async () => {
    const onCheckedChange = vi.fn();
    renderWithUi(<Checkbox onCheckedChange={onCheckedChange}>Remember me</Checkbox>);
    const box = screen.getByRole('checkbox', { name: 'Remember me' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    box.focus();
    await userEvent.keyboard(' ');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    expect(box.getAttribute('aria-checked')).toBe('true');
  });

  it('toggles when its label is clicked', async () => {
    renderWithUi(<Checkbox>Remember me</Checkbox>);
    await userEvent.click(screen.getByText('Remember me'));
    expect(screen.getByRole('checkbox', { name: 'Remember me' }).getAttribute('aria-checked')).toBe('true');
  });

  it('reports a partly selected state as mixed', () => {
    renderWithUi(<Checkbox checked="indeterminate" aria-label="All devices" />);
    expect(screen.getByRole('checkbox', { name: 'All devices' }).getAttribute('aria-checked')).toBe('mixed');
  });
});

describe('Switch', () => {
  it('is a switch named by its label that toggles with Space', async () => {
    const onCheckedChange = vi.fn();
    renderWithUi(<Switch onCheckedChange={onCheckedChange}>Notifications</Switch>);
    const control = screen.getByRole('switch', { name: 'Notifications' });
    expect(control.getAttribute('aria-checked')).toBe('false');
    control.focus();
    await userEvent.keyboard(' ');
    expect(onCheckedChange).toHaveBeenCalledWith(true);
    expect(control.getAttribute('aria-checked')).toBe('true');
  });

  it('cannot be toggled while disabled', async () => {
    const onCheckedChange = vi.fn();
    renderWithUi(
      <Switch disabled onCheckedChange={onCheckedChange}>
        Notifications
      </Switch>,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Notifications' }));
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});

describe('RadioGroup', () => {
  it('renders options as named radios and selects with the arrow keys', async () => {
    const onValueChange = vi.fn();
    renderWithUi(
      <RadioGroup
        aria-label="Type"
        defaultValue="ipc"
        onValueChange={onValueChange}
        options={[
          { value: 'ipc', label: 'Camera' },
          { value: 'nvr', label: 'Recorder' },
        ]}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Type' })).toBeTruthy();
    const camera = screen.getByRole('radio', { name: 'Camera' });
    expect(camera.getAttribute('aria-checked')).toBe('true');
    camera.focus();
    // Radix moves the focus on the next tick and checks a radio focused while an arrow key is down.
    await userEvent.keyboard('{ArrowDown>}');
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Recorder' }).getAttribute('aria-checked')).toBe('true'),
    );
    await userEvent.keyboard('{/ArrowDown}');
    expect(onValueChange).toHaveBeenCalledWith('nvr');
  });

  it('accepts RadioGroupItem children and selects on label click', async () => {
    const onValueChange = vi.fn();
    renderWithUi(
      <RadioGroup aria-label="Period" onValueChange={onValueChange}>
        <RadioGroupItem value="day">Day</RadioGroupItem>
        <RadioGroupItem value="week">Week</RadioGroupItem>
      </RadioGroup>,
    );
    await userEvent.click(screen.getByText('Week'));
    expect(onValueChange).toHaveBeenCalledWith('week');
  });
});

import '../../test-polyfills.js';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi, useHeldValue } from '../../test-support.js';
import { Field } from '../field.js';
import { CheckboxList, type CheckboxListProps } from './checkbox-list.js';

afterEach(cleanup);

const floors = [
  { value: 1, label: 'Ground floor' },
  { value: 2, label: 'First floor' },
  { value: 3, label: 'Car park' },
  { value: 4, label: 'Roof', disabled: true },
];

function Controlled(props: Partial<CheckboxListProps<number>> & { initial?: number[] }) {
  const { initial = [], onChange, ...rest } = props;
  const [value, change] = useHeldValue(initial, onChange);
  return (
    <Field label="Floors" hint="The floors the badge opens">
      <CheckboxList options={floors} value={value} onChange={change} {...rest} />
    </Field>
  );
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const checked = (name: string) => box(name).getAttribute('aria-checked');

describe('CheckboxList', () => {
  it('is a group named and described by its field, one labelled checkbox per option', () => {
    renderWithUi(<Controlled initial={[2]} />);
    const group = screen.getByRole('group', { name: 'Floors' });
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('The floors the badge opens').id).toBe(group.getAttribute('aria-describedby'));
    expect(within(group).getAllByRole('checkbox')).toHaveLength(4);
    expect(checked('First floor')).toBe('true');
    expect(checked('Ground floor')).toBe('false');
    expect(box('Roof')).toHaveProperty('disabled', true);
  });

  it('adds a checked value at the end and removes an unchecked one, by click or Space', async () => {
    const onChange = vi.fn();
    renderWithUi(<Controlled initial={[2]} onChange={onChange} />);
    await userEvent.click(screen.getByText('Car park'));
    expect(onChange).toHaveBeenLastCalledWith([2, 3]);
    box('Ground floor').focus();
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith([2, 3, 1]);
    await userEvent.click(box('First floor'));
    expect(onChange).toHaveBeenLastCalledWith([3, 1]);
    expect(checked('First floor')).toBe('false');
  });

  it('filters by label without dropping hidden choices, and says how many are chosen', async () => {
    const onChange = vi.fn();
    renderWithUi(<Controlled initial={[3]} filterable filterLabel="Filter floors" onChange={onChange} />);
    expect(screen.getByText('1 selected')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter floors' }), 'FLOOR');
    expect(screen.queryByRole('checkbox', { name: 'Car park' })).toBeNull();
    await userEvent.click(box('Ground floor'));
    expect(onChange).toHaveBeenLastCalledWith([3, 1]);
    expect(screen.getByText('2 selected')).toBeTruthy();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Filter floors' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter floors' }), 'cellar');
    expect(screen.getByText('No matching items')).toBeTruthy();
  });

  it('when disabled, neither the checkboxes nor the filter change anything', async () => {
    const onChange = vi.fn();
    renderWithUi(<Controlled initial={[1]} disabled filterable onChange={onChange} />);
    for (const item of screen.getAllByRole('checkbox')) expect(item).toHaveProperty('disabled', true);
    expect(screen.getByRole('searchbox')).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByText('Car park'));
    expect(onChange).not.toHaveBeenCalled();
    expect(checked('Ground floor')).toBe('true');
  });

  it('shows the empty text when there are no options, in the language shown', () => {
    renderWithUi(
      <CheckboxList
        options={[]}
        value={[]}
        onChange={() => {}}
        aria-label="楼层"
        filterable
        emptyText="暂无楼层"
      />,
      'zh-CN',
    );
    expect(screen.getByRole('group', { name: '楼层' })).toBeTruthy();
    expect(screen.getByText('暂无楼层')).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('filters in the language shown', async () => {
    renderWithUi(
      <CheckboxList
        options={[{ value: 'a', label: '一号楼' }]}
        value={[]}
        onChange={() => {}}
        aria-label="分组"
        filterable
      />,
      'zh-CN',
    );
    await userEvent.type(screen.getByRole('searchbox'), '仓库');
    expect(screen.getByText('没有匹配的项')).toBeTruthy();
    expect(screen.getByText('已选择 0 项')).toBeTruthy();
  });
});

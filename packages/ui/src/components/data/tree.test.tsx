import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { PERMISSION_TREE } from './test-setup.js';
import { Tree, type TreeProps } from './tree.js';

const nodes = PERMISSION_TREE;

afterEach(cleanup);

const item = (name: string) => screen.getByRole('treeitem', { name });

/** A tree holding its checked keys, as a role form would. */
function ControlledTree(props: Partial<TreeProps> & { onCheck?: TreeProps['onCheck'] }) {
  const [checked, setChecked] = useState<string[]>([]);
  return (
    <Tree
      label="Permissions"
      nodes={nodes}
      checkable
      {...props}
      checkedKeys={checked}
      onCheck={(next, info) => {
        setChecked(next);
        props.onCheck?.(next, info);
      }}
    />
  );
}

describe('Tree', () => {
  it('is a tree of treeitems, all expanded by default, with levels and aria-expanded', () => {
    renderWithUi(<Tree label="Permissions" nodes={nodes} />);
    expect(screen.getByRole('tree', { name: 'Permissions' })).toBeTruthy();
    expect(screen.getAllByRole('treeitem')).toHaveLength(6);
    expect(item('System').getAttribute('aria-expanded')).toBe('true');
    expect(item('Add user').getAttribute('aria-level')).toBe('3');
    expect(item('Dashboard').hasAttribute('aria-expanded')).toBe(false);
  });

  it('checking a parent checks all its descendants and reports the settled keys', async () => {
    const onCheck = vi.fn();
    renderWithUi(<ControlledTree onCheck={onCheck} />);
    await userEvent.click(screen.getByText('Users'));
    expect(onCheck).toHaveBeenLastCalledWith(['user', 'user.add', 'user.delete'], {
      halfChecked: ['system'],
      node: nodes[0]?.children?.[0],
      checked: true,
    });
    expect(item('Add user').getAttribute('aria-checked')).toBe('true');
    expect(item('Delete user').getAttribute('aria-checked')).toBe('true');
    expect(item('Roles').getAttribute('aria-checked')).toBe('false');
  });

  it('a partly checked parent is half-checked (mixed) and reported as such', async () => {
    const onCheck = vi.fn();
    renderWithUi(<ControlledTree onCheck={onCheck} />);
    await userEvent.click(screen.getByText('Add user'));
    expect(item('Users').getAttribute('aria-checked')).toBe('mixed');
    expect(item('System').getAttribute('aria-checked')).toBe('mixed');
    expect(onCheck).toHaveBeenLastCalledWith(
      ['user.add'],
      expect.objectContaining({ halfChecked: ['system', 'user'] }),
    );

    await userEvent.click(screen.getByText('Delete user'));
    expect(item('Users').getAttribute('aria-checked')).toBe('true');
    await userEvent.click(screen.getByText('Roles'));
    expect(item('System').getAttribute('aria-checked')).toBe('true');
  });

  it('a disabled node cannot be toggled', async () => {
    const onCheck = vi.fn();
    renderWithUi(
      <ControlledTree onCheck={onCheck} nodes={[{ key: 'x', label: 'Locked', disabled: true }]} />,
    );
    await userEvent.click(screen.getByText('Locked'));
    expect(onCheck).not.toHaveBeenCalled();
    expect(item('Locked').getAttribute('aria-disabled')).toBe('true');
  });

  it('has one tab stop and follows the tree keyboard pattern', async () => {
    const onCheck = vi.fn();
    renderWithUi(<ControlledTree onCheck={onCheck} />);
    await userEvent.tab();
    expect(document.activeElement).toBe(item('System'));
    expect(screen.getAllByRole('treeitem').filter((element) => element.tabIndex === 0)).toHaveLength(1);

    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(item('Users'));
    await userEvent.keyboard('{ArrowLeft}'); // collapses the open node
    expect(item('Users').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('treeitem', { name: 'Add user' })).toBeNull();
    await userEvent.keyboard('{ArrowRight}'); // expands
    expect(item('Users').getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowRight}'); // enters the first child
    expect(document.activeElement).toBe(item('Add user'));
    await userEvent.keyboard('{ArrowLeft}'); // a leaf goes to its parent
    expect(document.activeElement).toBe(item('Users'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(item('Dashboard'));
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(item('Roles'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(item('System'));

    await userEvent.keyboard('{ArrowDown}{ArrowDown}[Space]');
    expect(item('Add user').getAttribute('aria-checked')).toBe('true');
    expect(item('Users').getAttribute('aria-checked')).toBe('mixed');
    await userEvent.keyboard('{ArrowUp}[Space]');
    expect(onCheck).toHaveBeenLastCalledWith(['user', 'user.add', 'user.delete'], expect.anything());
    await userEvent.keyboard('[Space]');
    expect(onCheck).toHaveBeenLastCalledWith(
      [],
      expect.objectContaining({ halfChecked: [], checked: false }),
    );
  });

  it('uses the given expanded keys and reports expansion changes', async () => {
    const onExpand = vi.fn();
    renderWithUi(<Tree label="Permissions" nodes={nodes} defaultExpandedKeys={[]} onExpand={onExpand} />);
    expect(screen.getAllByRole('treeitem')).toHaveLength(2);
    await userEvent.click(screen.getByText('System'));
    expect(onExpand).toHaveBeenLastCalledWith(['system']);
    expect(screen.getByRole('treeitem', { name: 'Users' })).toBeTruthy();
  });

  it('search keeps the matches and their ancestors visible, even under collapsed nodes', async () => {
    renderWithUi(<Tree label="Permissions" nodes={nodes} searchable defaultExpandedKeys={[]} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'delete');
    expect(screen.getAllByRole('treeitem')).toHaveLength(3);
    expect(item('System')).toBeTruthy();
    expect(item('Users')).toBeTruthy();
    expect(item('Delete user')).toBeTruthy();
    expect(screen.queryByRole('treeitem', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('treeitem', { name: 'Dashboard' })).toBeNull();

    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(screen.getByText('No matching items')).toBeTruthy();
  });

  it('shows its strings in zh-CN', () => {
    renderWithUi(<Tree label="权限" nodes={nodes} searchable />, 'zh-CN');
    expect(screen.getByRole('searchbox', { name: '搜索' })).toBeTruthy();
  });
});

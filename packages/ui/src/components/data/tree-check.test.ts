import { describe, expect, it } from 'vitest';
import { PERMISSION_TREE } from './test-setup.js';
import { conductCheck, leafKeys, type TreeNode, toggleCheck } from './tree-check.js';

const tree = PERMISSION_TREE;

describe('conductCheck', () => {
  it('a checked parent checks all its descendants', () => {
    expect(conductCheck(tree, ['system'])).toEqual({
      checked: ['system', 'user', 'user.add', 'user.delete', 'role'],
      halfChecked: [],
    });
  });

  it('a parent with some children checked is half-checked, and so are its ancestors', () => {
    expect(conductCheck(tree, ['user.add'])).toEqual({
      checked: ['user.add'],
      halfChecked: ['system', 'user'],
    });
  });

  it('a parent whose children are all checked is checked', () => {
    expect(conductCheck(tree, ['user.add', 'user.delete'])).toEqual({
      checked: ['user', 'user.add', 'user.delete'],
      halfChecked: ['system'],
    });
  });

  it('a disabled node is not checked through its parent', () => {
    const withDisabled: TreeNode[] = [
      {
        key: 'p',
        label: 'P',
        children: [
          { key: 'a', label: 'A' },
          { key: 'b', label: 'B', disabled: true },
        ],
      },
    ];
    expect(conductCheck(withDisabled, ['p'])).toEqual({ checked: ['p', 'a'], halfChecked: [] });
  });
});

describe('toggleCheck', () => {
  it('checking the last unchecked child checks the parents above it', () => {
    const result = toggleCheck(tree, ['user.add', 'user.delete'], 'role', true);
    expect(result.checked).toEqual(['system', 'user', 'user.add', 'user.delete', 'role']);
    expect(result.halfChecked).toEqual([]);
  });

  it('unchecking a child of a checked parent leaves the parent half-checked', () => {
    const result = toggleCheck(tree, ['system'], 'user.add', false);
    expect(result).toEqual({ checked: ['user.delete', 'role'], halfChecked: ['system', 'user'] });
  });

  it('unchecking a parent unchecks its whole subtree', () => {
    expect(toggleCheck(tree, ['system', 'dashboard'], 'user', false)).toEqual({
      checked: ['role', 'dashboard'],
      halfChecked: ['system'],
    });
  });
});

describe('leafKeys', () => {
  it('keeps only leaves, so saved ancestors do not check whole subtrees', () => {
    const saved = ['system', 'user', 'user.add'];
    expect(leafKeys(tree, saved)).toEqual(['user.add']);
    expect(conductCheck(tree, leafKeys(tree, saved)).checked).toEqual(['user.add']);
  });
});

import '../../test-polyfills.js';
import type { TreeNode } from './tree-check.js';

/** Gives every element a viewport so a virtualiser has somewhere to render rows into. */
export function giveElementsHeight(height = 600) {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
}

/** A permission tree of the tree tests: a dir, a page with two buttons and a page, and a page. */
export const PERMISSION_TREE: TreeNode[] = [
  {
    key: 'system',
    label: 'System',
    children: [
      {
        key: 'user',
        label: 'Users',
        children: [
          { key: 'user.add', label: 'Add user' },
          { key: 'user.delete', label: 'Delete user' },
        ],
      },
      { key: 'role', label: 'Roles' },
    ],
  },
  { key: 'dashboard', label: 'Dashboard' },
];

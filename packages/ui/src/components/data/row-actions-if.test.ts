import { describe, expect, it } from 'vitest';
import { rowActionsColumnIf } from './row-actions-if.js';

describe('rowActionsColumnIf', () => {
  it('is the actions column when shown, and no column when the role may take none of its actions', () => {
    const actionsOf = () => [{ label: 'Edit', onClick: () => {} }];
    const shown = rowActionsColumnIf(true, 'Actions', actionsOf);
    expect(shown.map((column) => [column.key, column.title, column.kind])).toEqual([
      ['actions', 'Actions', 'actions'],
    ]);
    expect(rowActionsColumnIf(false, 'Actions', actionsOf)).toEqual([]);
  });
});

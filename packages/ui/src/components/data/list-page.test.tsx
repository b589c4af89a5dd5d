import '../../test-polyfills.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListQuery } from '@vap/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderWithUi } from '../../test-support.js';
import { ListPage } from './list-page.js';
import { useFilters } from './use-filters.js';

afterEach(cleanup);

interface Key {
  id: number;
  name: string;
}

describe('ListPage', () => {
  it('heads the page with its title, which also names the table; filters above it, dialogs after', async () => {
    renderWithUi(
      <ListPage<Key>
        id="keys"
        title="Access keys"
        description="Keys sign calls of the open API"
        filterForm={<form aria-label="Filters" />}
        columns={[{ key: 'name', title: 'Name' }]}
        rowKey={(row) => row.id}
        load={async () => ({ items: [{ id: 1, name: 'ci' }], total: 1 })}
        toolbar={<button type="button">Create</button>}
      >
        <div role="dialog" aria-label="Secret" />
      </ListPage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Access keys' })).toBeTruthy();
    expect(screen.getByText('Keys sign calls of the open API')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Access keys' });
    expect(await within(table).findByText('ci')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    const filters = screen.getByRole('form', { name: 'Filters' });
    const dialog = screen.getByRole('dialog', { name: 'Secret' });
    expect(filters.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(table.compareDocumentPosition(dialog) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('renders the filters it is given by (useFilters) as their form above the table, and lists by their wheres', async () => {
    const SPEC = { name: { like: z.string().trim().min(1).max(10) } } as const;
    const asked: ListQuery['wheres'][] = [];
    function Page() {
      const filters = useFilters(SPEC, [{ key: 'name', op: 'like', kind: 'text', label: 'Name' }]);
      return (
        <ListPage<Key, typeof SPEC>
          id="keys"
          title="Access keys"
          filterBy={{ label: 'Filters', filters }}
          columns={[{ key: 'name', title: 'Name' }]}
          rowKey={(row) => row.id}
          load={async (query) => {
            asked.push(query.wheres);
            return { items: [], total: 0 };
          }}
        />
      );
    }
    renderWithUi(<Page />);
    const form = screen.getByRole('form', { name: 'Filters' });
    const table = screen.getByRole('table', { name: 'Access keys' });
    expect(form.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.type(within(form).getByRole('searchbox', { name: 'Name' }), 'ci{Enter}');
    await waitFor(() => expect(asked.at(-1)).toEqual([{ k: 'name', o: 'like', v: 'ci' }]));
  });
});

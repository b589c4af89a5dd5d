import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { ListPage } from './list-page.js';

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
});

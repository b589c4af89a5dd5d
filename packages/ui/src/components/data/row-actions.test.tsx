import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { RowActions } from './row-actions.js';

afterEach(cleanup);

describe('RowActions', () => {
  it('shows the permitted actions as buttons, the danger one in the danger colour, and leaves out the refused', async () => {
    const edit = vi.fn();
    renderWithUi(
      <RowActions
        actions={[
          { label: 'Edit', onClick: edit },
          false,
          { label: 'Delete', onClick: () => {}, danger: true },
        ]}
      />,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Edit', 'Delete']);
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('text-danger');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(edit).toHaveBeenCalledOnce();
  });

  it('renders nothing when no action is permitted', () => {
    const { container } = renderWithUi(<RowActions actions={[false, false]} />);
    expect(container.textContent).toBe('');
  });
});

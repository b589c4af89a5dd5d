import '../../test-polyfills.js';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { RowActions } from './row-actions.js';

afterEach(cleanup);

const five = (run: (label: string) => void) =>
  ['Rename', 'Move', 'Upgrade', 'Configure', 'Unbind'].map((label) => ({
    label,
    onClick: () => run(label),
    danger: label === 'Unbind',
  }));

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

  it('beyond two actions shows the first two as buttons and folds the rest into a "more" menu', async () => {
    const run = vi.fn();
    renderWithUi(<RowActions actions={[false, ...five(run)]} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Rename',
      'Move',
      'More',
    ]);
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
    const more = screen.getByRole('button', { name: 'More actions' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');

    await userEvent.click(more);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Upgrade', 'Configure', 'Unbind']);
    expect(within(menu).getByRole('menuitem', { name: 'Unbind' }).className).toContain('text-danger');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Configure' }));
    expect(run).toHaveBeenCalledWith('Configure');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('the "more" menu works from the keyboard: Enter opens it, the arrows walk it, Enter runs, Escape closes', async () => {
    const run = vi.fn();
    renderWithUi(<RowActions actions={five(run)} />);
    screen.getByRole('button', { name: 'More actions' }).focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Configure');
    await userEvent.keyboard('{Enter}');
    expect(run).toHaveBeenCalledWith('Configure');
    expect(menu.isConnected).toBe(false);

    screen.getByRole('button', { name: 'More actions' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More actions' }));
    expect(run).toHaveBeenCalledOnce();
  });

  it('labels the "more" menu in zh-CN and zh-TW', () => {
    renderWithUi(<RowActions actions={five(() => {})} />, 'zh-CN');
    expect(screen.getByRole('button', { name: '更多操作' }).textContent).toBe('更多');
    cleanup();
    renderWithUi(<RowActions actions={five(() => {})} />, 'zh-TW');
    expect(screen.getByRole('button', { name: '更多操作' }).textContent).toBe('更多');
  });
});

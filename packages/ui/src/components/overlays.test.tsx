import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './alert-dialog.js';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './dropdown-menu.js';

afterEach(cleanup);

describe('AlertDialog', () => {
  it('an alert has one button and confirming calls back', async () => {
    const onConfirm = vi.fn();
    render(
      <AlertDialog
        open
        title="Session expired"
        description="Sign in again"
        confirmText="OK"
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Session expired' });
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalled();
  });

  it('Escape cancels a confirmation', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <AlertDialog
        open
        title="Delete?"
        confirmText="Delete"
        cancelText="Cancel"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('DropdownMenu', () => {
  it('opens from its trigger with the keyboard and runs the chosen item', async () => {
    const onSelect = vi.fn();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger>User</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={onSelect}>Logout</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    screen.getByRole('button', { name: 'User' }).focus();
    await userEvent.keyboard('{Enter}');
    const item = await screen.findByRole('menuitem', { name: 'Logout' });
    await userEvent.click(item);
    expect(onSelect).toHaveBeenCalled();
  });
});

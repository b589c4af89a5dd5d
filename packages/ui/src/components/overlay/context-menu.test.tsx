import '../../test-polyfills.js';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ContextMenu,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuSeparator,
  ContextMenuTrigger,
} from './context-menu.js';

afterEach(cleanup);

function TabMenu({
  onRefresh = () => {},
  onCloseAll = () => {},
  width,
}: {
  onRefresh?: () => void;
  onCloseAll?: () => void;
  width?: number;
}) {
  return (
    <ContextMenu>
      <ContextMenuTrigger>Devices tab</ContextMenuTrigger>
      <ContextMenuContent width={width}>
        <ContextMenuItem onSelect={onRefresh}>Refresh</ContextMenuItem>
        <ContextMenuItem disabled>Close</ContextMenuItem>
        <ContextMenuSeparator />
        <ContextMenuItem tone="danger" onSelect={onCloseAll}>
          Close all
        </ContextMenuItem>
      </ContextMenuContent>
    </ContextMenu>
  );
}

describe('ContextMenu', () => {
  it('opens on right-click with exactly the given width', async () => {
    render(<TabMenu width={105} />);
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.contextMenu(screen.getByText('Devices tab'));
    const menu = await screen.findByRole('menu');
    expect(menu.style.width).toBe('105px');
    expect(menu.className).not.toContain('min-w-40');
  });

  it('keeps a minimum width when none is given', async () => {
    render(<TabMenu />);
    fireEvent.contextMenu(screen.getByText('Devices tab'));
    const menu = await screen.findByRole('menu');
    expect(menu.style.width).toBe('');
    expect(menu.className).toContain('min-w-40');
  });

  it('picks items with the keyboard, skipping disabled ones', async () => {
    const onRefresh = vi.fn();
    const onCloseAll = vi.fn();
    render(<TabMenu onRefresh={onRefresh} onCloseAll={onCloseAll} />);
    fireEvent.contextMenu(screen.getByText('Devices tab'));
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Refresh');
    await userEvent.keyboard('{ArrowDown}');
    // "Close" is disabled, so the next item is "Close all".
    expect(document.activeElement?.textContent).toBe('Close all');
    await userEvent.keyboard('{Enter}');
    expect(onCloseAll).toHaveBeenCalledTimes(1);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('marks disabled items and tints danger items', async () => {
    render(<TabMenu />);
    fireEvent.contextMenu(screen.getByText('Devices tab'));
    await screen.findByRole('menu');
    expect(screen.getByRole('menuitem', { name: 'Close' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('menuitem', { name: 'Close all' }).className).toContain('text-danger');
  });

  it('closes on Escape without picking anything', async () => {
    const onRefresh = vi.fn();
    render(<TabMenu onRefresh={onRefresh} />);
    fireEvent.contextMenu(screen.getByText('Devices tab'));
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onRefresh).not.toHaveBeenCalled();
  });
});

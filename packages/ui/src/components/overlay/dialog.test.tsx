import '../../test-polyfills.js';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { Button } from '../button.js';
import { Dialog } from './dialog.js';
import { Drawer } from './drawer.js';

afterEach(cleanup);

function EditDialog({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Edit device"
      description="Change the device name"
      trigger={<Button>Edit</Button>}
      footer={<Button onClick={() => setOpen(false)}>Save</Button>}
    >
      <input aria-label="Name" />
    </Dialog>
  );
}

describe('Dialog', () => {
  it('moves focus inside when it opens and back to the trigger when Escape closes it', async () => {
    renderWithUi(<EditDialog />);
    const trigger = screen.getByRole('button', { name: 'Edit' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Edit device' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('traps focus: Tab cycles through the dialog only', async () => {
    renderWithUi(
      <>
        <button type="button">Outside</button>
        <EditDialog initiallyOpen />
      </>,
    );
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('has a close button named in the current language', async () => {
    renderWithUi(<EditDialog initiallyOpen />, 'zh-CN');
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is described by its description', () => {
    renderWithUi(<EditDialog initiallyOpen />);
    const dialog = screen.getByRole('dialog');
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Change the device name');
  });

  it('keeps the footer outside the scrollable body', () => {
    renderWithUi(<EditDialog initiallyOpen />);
    const body = screen.getByRole('textbox', { name: 'Name' }).parentElement as HTMLElement;
    expect(body.className).toContain('overflow-y-auto');
    expect(body.contains(screen.getByRole('button', { name: 'Save' }))).toBe(false);
  });

  it('sizes itself by the size prop', () => {
    renderWithUi(
      <Dialog open onOpenChange={() => {}} title="Big" size="large">
        x
      </Dialog>,
    );
    expect(screen.getByRole('dialog').className).toContain('880px');
  });

  it('with onClose, is open while rendered and asks its owner to close on Escape and on its close button', async () => {
    const onClose = vi.fn();
    renderWithUi(
      <Dialog onClose={onClose} title="Notice">
        <input aria-label="Name" />
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    // The owner decides: until it stops rendering the dialog, the dialog stays.
    expect(screen.getByRole('dialog', { name: 'Notice' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

function Settings({ side }: { side: 'left' | 'right' }) {
  const [open, setOpen] = useState(true);
  return (
    <Drawer open={open} onOpenChange={setOpen} side={side} width={300} title="Settings">
      <input aria-label="Theme colour" />
    </Drawer>
  );
}

describe('Drawer', () => {
  it('opens on the given side with the given width and focus inside', () => {
    renderWithUi(<Settings side="left" />);
    const drawer = screen.getByRole('dialog', { name: 'Settings' });
    expect(drawer.style.width).toBe('300px');
    expect(drawer.className).toContain('left-0');
    expect(drawer.contains(document.activeElement)).toBe(true);
  });

  it('closes with Escape', async () => {
    renderWithUi(<Settings side="right" />);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes with its translated close button', async () => {
    renderWithUi(<Settings side="right" />, 'zh-TW');
    await userEvent.click(screen.getByRole('button', { name: '關閉' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

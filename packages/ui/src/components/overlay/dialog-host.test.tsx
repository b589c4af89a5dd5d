import '../../test-polyfills.js';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithUi } from '../../test-support.js';
import { alert, confirm, DialogHost, dialogs } from './dialog-host.js';
import { confirmThen } from './dialog-queue.js';

afterEach(() => {
  cleanup();
  dialogs.clear();
});

describe('confirm()', () => {
  it('resolves true when OK is pressed', async () => {
    renderWithUi(<DialogHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirm({ title: 'Delete device?', content: 'This cannot be undone', tone: 'danger' });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete device?' });
    expect(dialog.textContent).toContain('This cannot be undone');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('resolves false on Cancel and on Escape', async () => {
    renderWithUi(<DialogHost />);
    let first: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirm({ title: 'Leave?' });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(first).resolves.toBe(false);

    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      second = confirm({ title: 'Leave again?' });
    });
    await screen.findByRole('alertdialog', { name: 'Leave again?' });
    await userEvent.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });

  it('uses the given button texts and the danger tone', () => {
    renderWithUi(<DialogHost />);
    act(() => {
      void confirm({ title: 'Unbind?', okText: 'Unbind', cancelText: 'Keep', tone: 'danger' });
    });
    expect(screen.getByRole('button', { name: 'Unbind' }).className).toContain('bg-danger');
    expect(screen.getByRole('button', { name: 'Keep' })).toBeTruthy();
  });

  it('defaults its buttons to the ui strings of the current language', () => {
    renderWithUi(<DialogHost />, 'zh-CN');
    act(() => {
      void confirm({ title: '删除？' });
    });
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
  });

  it('queues several calls and shows them one after another', async () => {
    renderWithUi(<DialogHost />);
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      first = confirm({ title: 'First' });
      second = confirm({ title: 'Second' });
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    expect(screen.getByRole('alertdialog', { name: 'First' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(first).resolves.toBe(true);
    await screen.findByRole('alertdialog', { name: 'Second' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(second).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('confirmThen()', () => {
  it('asks in the danger tone and runs the action once confirmed; declined, it runs nothing', async () => {
    renderWithUi(<DialogHost />);
    const runs: string[] = [];
    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = confirmThen({ title: 'Delete device?', okText: 'Delete' }, async () => {
        runs.push('deleted');
      });
    });
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toContain('danger');
    await userEvent.click(button);
    await expect(done).resolves.toBe(true);
    expect(runs).toEqual(['deleted']);

    act(() => {
      done = confirmThen({ title: 'Delete again?' }, async () => {
        runs.push('again');
      });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(done).resolves.toBe(false);
    expect(runs).toEqual(['deleted']);
  });

  it('resolves false when the action fails (the console has said why)', async () => {
    renderWithUi(<DialogHost />);
    let done: Promise<boolean> = Promise.resolve(true);
    act(() => {
      done = confirmThen({ title: 'Delete device?' }, () => Promise.reject(new Error('refused')));
    });
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await expect(done).resolves.toBe(false);
  });
});

describe('alert()', () => {
  it('shows one translated OK button and resolves when it is pressed', async () => {
    renderWithUi(<DialogHost />, 'zh-TW');
    let done = false;
    let answer: Promise<void> = Promise.resolve();
    act(() => {
      answer = alert({ title: '身分驗證已過期' }).then(() => {
        done = true;
      });
    });
    const dialog = screen.getByRole('alertdialog', { name: '身分驗證已過期' });
    expect(dialog.querySelectorAll('button')).toHaveLength(1);
    expect(done).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: '確定' }));
    await answer;
    expect(done).toBe(true);
  });
});

describe('dialogs.clear()', () => {
  it('closes everything and settles the waiting callers', async () => {
    renderWithUi(<DialogHost />);
    let pending: Promise<boolean> = Promise.resolve(true);
    let acknowledged: Promise<void> | undefined;
    act(() => {
      pending = confirm({ title: 'Pending' });
      acknowledged = alert({ title: 'Queued' });
    });
    act(() => dialogs.clear());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await expect(pending).resolves.toBe(false);
    await expect(acknowledged).resolves.toBeUndefined();
  });
});

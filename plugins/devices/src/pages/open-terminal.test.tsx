import '../test-support.js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TERMINAL_PATHS } from '@vap/contracts';
import { callsTo, refusal } from '@vap/kernel/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import {
  device,
  deviceAnswers,
  deviceRow,
  group,
  type PageOptions,
  renderDevicePage,
} from '../test-support.js';
import { TERMINAL_WINDOW_FEATURES } from './open-terminal.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const lobby = group({ id: 1, name: 'Lobby', devices: 2 });
const front = device({ id: 11, name: 'front-door' });
const back = device({ id: 12, name: 'back-door', status: 'offline' });
const theirs = device({ id: 13, name: 'branch-cam', read_only: true, company_name: 'Branch Ltd' });
const TICKET = { ticket: 't-1', url: '/telnet?ticket=t-1', expires_at: '2026-03-02T09:31:00.000Z' };

const renderMaintenance = (options: PageOptions = {}) =>
  renderDevicePage('device_maintenance', deviceAnswers([front, back, theirs], [lobby]), {
    roleId: 4,
    buttons: ['telnet'],
    ...options,
  });

/** The window `window.open` gives, blank until sent to the terminal's page; null when blocked. */
function stubWindowOpen(blocked = false) {
  const terminal = { opener: window as unknown, close: vi.fn(), location: { replace: vi.fn() } };
  const open = vi.spyOn(window, 'open').mockReturnValue(blocked ? null : (terminal as unknown as Window));
  return { open, terminal };
}

const clickTerminal = async (name: string) =>
  userEvent.click(within(await deviceRow(name)).getByRole('button', { name: en.maintenance.terminal }));

describe('device_maintenance: the remote terminal (spec §2.1 /telnet, §6)', () => {
  it('asks for a ticket and opens its page in a window the size of a terminal, cut from the console', async () => {
    const { open, terminal } = stubWindowOpen();
    const { api } = await renderMaintenance({
      answers: { [`POST ${TERMINAL_PATHS.ticket(11)}`]: { body: TICKET } },
    });
    await clickTerminal('front-door');
    // Opened blank while the click counts, so that no pop-up blocker stops it.
    expect(open).toHaveBeenCalledWith('', '_blank', TERMINAL_WINDOW_FEATURES);
    expect(TERMINAL_WINDOW_FEATURES).toBe('width=960,height=600');
    expect(terminal.opener).toBeNull();
    await waitFor(() =>
      expect(terminal.location.replace).toHaveBeenCalledWith(new URL(TICKET.url, window.location.href).href),
    );
    expect(callsTo(api.calls, 'POST', TERMINAL_PATHS.ticket(11))).toHaveLength(1);
    expect(terminal.close).not.toHaveBeenCalled();
  });

  it('a refused ticket closes the window, and the console announces the server’s message', async () => {
    const { terminal } = stubWindowOpen();
    const { kernel } = await renderMaintenance({
      answers: {
        [`POST ${TERMINAL_PATHS.ticket(11)}`]: refusal(403, {
          code: 'telnet_free_plan',
          message: 'Free plan does not support remote telnet',
        }),
      },
    });
    const announced: string[] = [];
    kernel.bus.subscribe('http.error', ({ message }) => announced.push(message));
    await clickTerminal('front-door');
    await waitFor(() => expect(terminal.close).toHaveBeenCalled());
    expect(announced).toEqual(['Free plan does not support remote telnet']);
    expect(terminal.location.replace).not.toHaveBeenCalled();
  });

  it('a blocked window spends no ticket and says how to allow it', async () => {
    stubWindowOpen(true);
    const { api } = await renderMaintenance();
    await clickTerminal('front-door');
    expect(await screen.findByText(en.maintenance.terminalBlocked)).toBeTruthy();
    expect(callsTo(api.calls, 'POST', TERMINAL_PATHS.ticket(11))).toEqual([]);
  });

  it('is offered only with the telnet button, for the company’s own online devices', async () => {
    await renderMaintenance();
    expect(
      within(await deviceRow('front-door')).getByRole('button', { name: en.maintenance.terminal }),
    ).toBeTruthy();
    for (const name of ['back-door', 'branch-cam']) {
      expect(
        within(await deviceRow(name)).queryByRole('button', { name: en.maintenance.terminal }),
      ).toBeNull();
    }
    cleanup();
    await renderMaintenance({ buttons: ['edit'] });
    const row = await deviceRow('front-door');
    expect(within(row).getByRole('button', { name: en.maintenance.rename })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: en.maintenance.terminal })).toBeNull();
  });
});

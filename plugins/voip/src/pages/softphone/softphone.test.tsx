import '@vap/ui/test-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VOIP_PATHS } from '@vap/contracts';
import consoleEn from '@vap/locales/en.json';
import { renderConsolePage } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import plugin from '../../index.js';
import en from '../../locales/en.json';
import { pageOf } from '../test-fixtures.js';
import { callDuration } from './signed-in.js';

const LIST = `GET ${VOIP_PATHS.agentPhones}`;
const serverAnswer = (body: object) => ({
  [`GET ${VOIP_PATHS.server}`]: {
    body: { server: null, websocket: null, live: false, reason: null, domain: 'c1.sip.example.com', ...body },
  },
});
const render = (server: object) =>
  renderConsolePage(plugin, 'voip_agent_phone', { ...server, [LIST]: pageOf([]) });
const softphone = () => screen.findByRole('region', { name: en.softphone.title });

describe('the agent softphone on voip_agent_phone (issue 33)', () => {
  it('says why it cannot connect when the SIP server has no WebSocket for it', async () => {
    await render(serverAnswer({ reason: 'needs_postgres' }));
    const why = (reason: string) => en.softphone.unavailable.replace('{{reason}}', reason);
    expect(await within(await softphone()).findByText(why(en.server.needs_postgres))).toBeTruthy();
    expect(within(await softphone()).queryByRole('button', { name: en.softphone.signIn })).toBeNull();
    cleanup();
    await render(serverAnswer({ reason: 'not_connected' }));
    expect(await within(await softphone()).findByText(why(en.server.not_connected))).toBeTruthy();
    cleanup();
    // Live, but only a UDP/TCP SIP server is configured: no WebSocket for a browser.
    await render(serverAnswer({ server: 'udp:sip.example.com:5060', live: true }));
    expect(await within(await softphone()).findByText(why(en.softphone.noWebsocket))).toBeTruthy();
  });

  it('checks the dial id and password by spec §5.5 before it connects, the microphone not asked', async () => {
    await render(
      serverAnswer({ server: 'ws://sip.example.com', websocket: 'ws://sip.example.com', live: true }),
    );
    const panel = await softphone();
    expect(within(panel).getByText(/SIP domain c1\.sip\.example\.com/)).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: en.softphone.signIn }));
    expect(await within(panel).findByText(consoleEn.validation.voipDialId)).toBeTruthy();
    expect(within(panel).getByText(consoleEn.validation.voipPassword)).toBeTruthy();
    expect(within(panel).getByLabelText(en.field.dialId).getAttribute('aria-invalid')).toBe('true');
    // A valid dial id clears its message; a password too short keeps the form from connecting.
    await userEvent.type(within(panel).getByLabelText(en.field.dialId), 'agent.100');
    await userEvent.type(within(panel).getByLabelText(en.field.password), 'short{Enter}');
    await waitFor(() => expect(within(panel).queryByText(consoleEn.validation.voipDialId)).toBeNull());
    expect(within(panel).getByText(consoleEn.validation.voipPassword)).toBeTruthy();
    expect(within(panel).queryByText(en.softphone.connecting)).toBeNull();
    expect(within(panel).queryByRole('switch')).toBeNull();
  });

  it('shows a call duration as m:ss, and h:mm:ss past an hour', () => {
    expect(callDuration(0)).toBe('0:00');
    expect(callDuration(65_400)).toBe('1:05');
    expect(callDuration(3_725_000)).toBe('1:02:05');
  });
});

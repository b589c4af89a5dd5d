/**
 * The agents' browser softphone (issue 33, "beyond the anchors"), in Chromium with fake media
 * devices, on the real server on PostgreSQL beside the repository's Kamailio: the owner adds a call
 * center with two agents in the browser, signs the softphone in as the first agent, and a SIP.js
 * caller in Node — registered as another extension, offering as a browser does (DTLS-SRTP, ICE) —
 * calls the call center. The page shows who calls and through which call center, answers: the
 * caller gets 200 with a WebRTC answer, the microphone never asked for; the page hangs up. With
 * the microphone turned on, a direct call is answered and the browser asked for it once. The dial
 * records name the agent who answered. Signalling, not audio. Runs only where PostgreSQL (TEST_DATABASE_URL) is
 * given and Kamailio is installed (.ci/run installs it), and says so otherwise.
 */

import { VOIP_PATHS, type VoipDialRecord } from '@vap/contracts';
import { freePort, kamailioBinary, type RunningKamailio, startKamailio } from '@vap/server/testing/kamailio';
import { createPostgresDatabase, type PostgresDatabase } from '@vap/server/testing/postgres-databases';
import { startPhone, type TestPhone, useWsAsWebSocket, WEBRTC_OFFER } from '@vap/server/testing/sip-phones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe.js';
import { englishContext, launchChromium, signInAsDemoOwner } from '../support/browser.js';
import { apiToken, type RunningServer, startServer, webapiCall } from '../support/server.js';

const SIP_DOMAIN = 'sip.test';
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const runnable = Boolean(testDatabaseUrl) && kamailioBinary() !== null;
if (!runnable) {
  console.info(
    'softphone e2e skipped: it needs PostgreSQL (TEST_DATABASE_URL) and Kamailio installed (.ci/run installs it)',
  );
}

/** Reads until `done` holds or `ms` pass; answers the last reading. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

describe.runIf(runnable)('the agent softphone in the browser', () => {
  let database: PostgresDatabase | undefined;
  let server: RunningServer | undefined;
  let kamailio: RunningKamailio | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let caller: TestPhone | undefined;
  let restoreWebSocket: (() => void) | undefined;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    database = await createPostgresDatabase(testDatabaseUrl as string, { prefix: 'vap_softphone' });
    const sipPort = await freePort();
    const wsPort = await freePort();
    const [started, chromium] = await Promise.all([
      startServer({
        env: {
          DATABASE_URL: database.url,
          SIP_DOMAIN,
          SIP_SERVER: `udp:127.0.0.1:${sipPort}`,
          SIP_WEBSOCKET: `ws://127.0.0.1:${wsPort}`,
        },
      }),
      launchChromium(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']),
    ]);
    server = started;
    browser = chromium;
    // The server has migrated the database: Kamailio reads its tables.
    kamailio = await startKamailio({ databaseUrl: database.url, sipDomain: SIP_DOMAIN, sipPort, wsPort });
    restoreWebSocket = useWsAsWebSocket();
    context = await englishContext(browser, { viewport: { width: 1440, height: 900 } });
    // Counts the page's asks for the microphone (the fake device grants them without a prompt).
    await context.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const ask = devices.getUserMedia.bind(devices);
      (window as unknown as { microphoneAsks: number }).microphoneAsks = 0;
      devices.getUserMedia = (constraints) => {
        (window as unknown as { microphoneAsks: number }).microphoneAsks += 1;
        return ask(constraints);
      };
    });
    page = await context.newPage();
    await signInAsDemoOwner(page, server.url);
    token = await apiToken(server.url);
  }, 120_000);

  afterAll(async () => {
    await caller?.stop();
    restoreWebSocket?.();
    await context?.close();
    await browser?.close();
    await kamailio?.stop();
    const code = await server?.stop();
    await database?.drop();
    if (server) expect(code).toBe(0);
  }, 60_000);

  it('signs an agent in, shows the call through its call center, answers with WebRTC without asking for the microphone, hangs up, and the dial records name the agent', async () => {
    if (!server || !kamailio) throw new Error('not started');
    const url = server.url;
    // The seed turns the demo company's telephony on (voip 0).
    const where = await webapiCall(url, 'GET', VOIP_PATHS.server, token);
    expect(where.status).toBe(200);
    expect(where.body).toMatchObject({ live: true, websocket: kamailio.wsUrl });
    const domain = (where.body as { domain: string }).domain;

    const passwords: Record<string, string> = {};
    for (const [dialId, name] of [
      ['agent.web1', 'Alice'],
      ['agent.web2', 'Bob'],
      ['caller.web', 'Carol'],
    ] as const) {
      const made = await webapiCall(url, 'POST', VOIP_PATHS.agentPhones, token, {
        dial_id: dialId,
        display_name: name,
      });
      expect(made.status).toBe(201);
      passwords[dialId] = (made.body as { password: string }).password;
    }

    // The call center, in the browser: Alice rings first.
    await page.goto(`${url}/voip/call-center`);
    await page.getByRole('table', { name: 'Call centers' }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a call center' });
    await dialog.getByLabel('Dial id').fill('80001');
    await dialog.getByLabel('Name').fill('Front desk');
    await dialog.getByLabel('Agent ring time (s)').fill('30');
    for (const agent of ['agent.web1 (Alice)', 'agent.web2 (Bob)']) {
      await dialog.getByRole('combobox', { name: 'Add an agent' }).click();
      await page.getByRole('option', { name: agent }).click();
      await dialog.getByRole('button', { name: 'Add agent' }).click();
    }
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The softphone: a wrong password is refused, the right one registers.
    await page.goto(`${url}/voip/agent-phone`);
    const softphone = page.getByRole('region', { name: 'Softphone' });
    await softphone.getByLabel('Dial id').fill('agent.web1');
    await softphone.getByLabel('Password').fill('wrongPassword1');
    await softphone.getByRole('button', { name: 'Sign in' }).click();
    await softphone.getByText('Sign-in refused: wrong dial id or password.').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await softphone.getByLabel('Password').fill(passwords['agent.web1'] ?? '');
    await softphone.getByRole('button', { name: 'Sign in' }).click();
    await softphone.getByText('Registered as agent.web1').waitFor({ timeout: 15_000 });
    expect(await softphone.getByRole('switch', { name: 'Microphone' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    // The list shows the softphone online, its UA the softphone's.
    await page
      .getByRole('table', { name: 'Agent phones' })
      .getByRole('row')
      .filter({ hasText: 'agent.web1' })
      .getByText('VAP Console softphone')
      .waitFor({ timeout: 15_000 });

    caller = await startPhone({
      wsUrl: kamailio.wsUrl,
      dialId: 'caller.web',
      domain,
      password: passwords['caller.web'] ?? '',
      sdp: WEBRTC_OFFER,
    });
    expect(await caller.register()).toBe(true);
    const { done } = caller.dial('80001');

    await softphone.getByText('Incoming call from caller.web').waitFor({ timeout: 15_000 });
    await softphone.getByText('Through call center Front desk (80001)').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Keyboard: Answer is reached and pressed from the keyboard.
    await softphone.getByRole('button', { name: 'Answer' }).focus();
    await page.keyboard.press('Enter');
    const outcome = await done;
    expect(outcome.status).toBe(200);
    expect(outcome.body).toMatch(/^m=audio \d+ UDP\/TLS\/RTP\/SAVPF /m);
    expect(outcome.body).toMatch(/^a=fingerprint:sha-256 /m);
    expect(outcome.body).toMatch(/^a=ice-ufrag:/m);
    expect(outcome.body).toMatch(/^a=setup:(active|passive)/m);
    // The microphone was off: the browser was not asked for it (the answer sends no track).
    const asks = () => page.evaluate(() => (window as unknown as { microphoneAsks: number }).microphoneAsks);
    expect(await asks()).toBe(0);
    await softphone.getByText('In a call with caller.web').waitFor();
    await softphone.getByText(/^Duration \d+:\d\d$/).waitFor();

    await softphone.getByRole('button', { name: 'Hang up' }).click();
    await softphone.getByText('Waiting for calls.').waitFor({ timeout: 10_000 });

    // With the microphone on, a direct call is answered sending audio: the browser is asked once.
    await softphone.getByRole('switch', { name: 'Microphone' }).click();
    expect(await asks()).toBe(0);
    const direct = caller.dial('agent.web1');
    await softphone.getByText('Incoming call from caller.web').waitFor({ timeout: 15_000 });
    await softphone.getByText('Direct call').waitFor();
    await softphone.getByRole('button', { name: 'Answer' }).click();
    const second = await direct.done;
    expect(second.status).toBe(200);
    expect(second.body).toMatch(/^a=fingerprint:sha-256 /m);
    expect(await asks()).toBe(1);
    await softphone.getByText('In a call with caller.web').waitFor();
    await softphone.getByRole('button', { name: 'Hang up' }).click();
    await softphone.getByText('Waiting for calls.').waitFor({ timeout: 10_000 });

    const records = await until(
      async () =>
        (
          (await webapiCall(url, 'GET', `${VOIP_PATHS.dialRecords}?page=1&size=100`, token)).body as {
            items: VoipDialRecord[];
          }
        ).items,
      (items) => items.filter((record) => record.result === 'answered').length === 2,
    );
    expect(records).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          caller: 'caller.web',
          call_center_dial_id: '80001',
          agent: 'agent.web1',
          result: 'answered',
        }),
        expect.objectContaining({
          caller: 'caller.web',
          callee: 'agent.web1',
          call_center_dial_id: null,
          result: 'answered',
        }),
      ]),
    );
    expect(records).toHaveLength(2);
  }, 180_000);
});

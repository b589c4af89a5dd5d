/**
 * The MQTT console end to end (issue 15): against a server whose simulated cameras (DEMO_DEVICES)
 * connect to its own broker, the owner's debug tool connects over WebSocket, subscribes to the
 * cameras' topics and sees a camera answer a command it sends; the camera is listed among the device
 * clients, and a kick disconnects it: the device list shows it offline, then online again once the
 * simulator has reconnected.
 */
import {
  DEVICE_PATHS,
  type Device,
  encodeListParam,
  type ListPage,
  MQTT_PATHS,
  type MqttClient,
} from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { demoOwnerPerFile, serverAndBrowserPerFile } from '../support/browser.js';

const e2e = serverAndBrowserPerFile({ env: { DEMO_DEVICES: '2' } });
const owner = demoOwnerPerFile(e2e, { viewport: { width: 1440, height: 900 } });

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.server.url}/webapi${path}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

/** The simulated cameras, once both are connected. */
async function cameras(): Promise<MqttClient[]> {
  let found: MqttClient[] = [];
  await expect
    .poll(
      async () => {
        const wheres = encodeURIComponent(encodeListParam([{ k: 'kind', o: '=', v: 'device' }]));
        found = (await api<ListPage<MqttClient>>(`${MQTT_PATHS.clients}?wheres=${wheres}`)).items;
        return found.length;
      },
      { timeout: 20_000 },
    )
    .toBe(2);
  return found;
}

async function deviceOf(sn: string): Promise<Device | undefined> {
  const wheres = encodeURIComponent(encodeListParam([{ k: 'sn', o: '=', v: sn }]));
  const page = await api<ListPage<Device>>(`${DEVICE_PATHS.devices}?wheres=${wheres}`);
  return page.items[0];
}

describe('the MQTT console', () => {
  it('the debug tool connects, subscribes to the cameras and sees one answer its command', async () => {
    const [camera] = await cameras();
    if (!camera) throw new Error('no camera');
    const { page } = owner;
    // mqtt.js once started a worker from a blob: URL, which the Content-Security-Policy refuses.
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${e2e.server.url}/mqtt/debug-tool`);
    await page.getByRole('heading', { name: 'MQTT debug tool' }).waitFor();
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByText('Connected', { exact: true }).waitFor();
    expect(refused).toEqual([]);

    const subscribe = page.getByRole('form', { name: 'Subscribe' });
    await subscribe.getByLabel('Topic filter').fill('vap/dev/+/up/#');
    await subscribe.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Granted QoS 0').waitFor();

    const publish = page.getByRole('form', { name: 'Publish a message' });
    await publish.getByLabel('Topic', { exact: true }).fill(`vap/dev/${camera.client_id}/down/cmd`);
    await publish.getByLabel('Payload', { exact: true }).fill('{"id":"e2e-ping","name":"ping"}');
    await publish.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('table', { name: 'Messages' });
    await log
      .getByRole('row')
      .filter({ hasText: `vap/dev/${camera.client_id}/up/reply` })
      .filter({ hasText: 'e2e-ping' })
      .waitFor();

    // Its state survives another page.
    await page.goto(`${e2e.server.url}/mqtt/dashboard`);
    await page.getByRole('heading', { name: 'MQTT dashboard' }).waitFor();
    await page.goto(`${e2e.server.url}/mqtt/debug-tool`);
    await page.getByRole('heading', { name: 'MQTT debug tool' }).waitFor();
  });

  it('lists the camera among the device clients; a kick shows it offline, then back online', async () => {
    const [, camera] = await cameras();
    if (!camera) throw new Error('no camera');
    expect((await deviceOf(camera.client_id))?.status).toBe('online');
    const { page } = owner;
    await page.goto(`${e2e.server.url}/mqtt/device-client`);
    await page.getByRole('heading', { name: 'Device clients' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: camera.client_id });
    await row.waitFor();
    const kickedAt = Date.now();
    await row.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText(`${camera.client_id} was disconnected`).waitFor();

    // Offline from the kick on (the simulator may be back within a second: its offline time says so)…
    await expect
      .poll(
        async () => Date.parse((await deviceOf(camera.client_id))?.last_offline_at ?? '') >= kickedAt - 1000,
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    // …and online again once the simulator has reconnected after its back-off.
    await expect
      .poll(
        async () => {
          const device = await deviceOf(camera.client_id);
          return device?.status === 'online' && Date.parse(device.last_online_at ?? '') >= kickedAt;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    // The device list shows it online.
    await page.goto(`${e2e.server.url}/device/maintenance`);
    await page.getByRole('searchbox', { name: 'Serial number' }).fill(camera.client_id);
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('table', { name: 'Device maintenance' })
      .getByRole('row')
      .filter({ hasText: camera.client_id })
      .getByText('Online')
      .waitFor();
  });
});

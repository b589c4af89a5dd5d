/**
 * The home page's cards and the cloud-storage overview end to end (issue 29), in Chromium against
 * the real server. Two cameras bound to the demo company report their cloud use over MQTT, as real
 * ones do, so that cloud backup stands at 112 % of its space quota and 144 % of its flow quota and
 * cloud video near its space quota. The owner's home page shows the owner's name for the role and
 * a card per area, each linking to its page; the overview's bars are painted in the colour of their
 * level (Chromium paints a styled <progress> green unless told otherwise) and say what happens
 * next. The demo operator, whose role has the device and broker pages but neither money nor cloud
 * storage, sees the role's name and only the cards of those pages, and their server data only.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CBS_PATHS,
  type CbsDashboard,
  type CloudService,
  DEVICE_PATHS,
  DEVICE_TOPICS,
  type Device,
  FINANCE_PATHS,
  MQTT_TOPIC_ROOT,
} from '@vap/contracts';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { englishContext, launchChromium } from '../support/browser.js';
import { factoryBatch, importFactoryBatch } from '../support/factory-batch.js';
import {
  apiToken,
  DEMO,
  DEMO_OPERATOR,
  freePort,
  type RunningServer,
  startServer,
} from '../support/server.js';

const _run = promisify(execFile);
const units = factoryBatch('7770000029132', 2);

let dir: string;
let server: RunningServer;
let token: string;
let mqttPort: number;
let browser: Browser;
const clients: MqttClient[] = [];
const contexts: BrowserContext[] = [];

async function api<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const response = await fetch(`${server.url}/webapi${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}
const totalsOf = async (service: CloudService) => {
  const dashboard = await api<CbsDashboard>('GET', CBS_PATHS.dashboard);
  const totals = dashboard.totals.find((item) => item.service === service);
  if (!totals) throw new Error(`no ${service} totals`);
  return totals;
};

async function signedIn(account: string): Promise<Page> {
  const context = await englishContext(browser, { viewport: { width: 1440, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Phone or email').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
  return page;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vap-e2e-dashboard-'));
  await importFactoryBatch(dir, units, { model: 'VC-E2E29', firmware: 'V1.0.0', macGroup: '29' });
  mqttPort = await freePort();
  server = await startServer({ dataDir: dir, env: { MQTT_PORT: String(mqttPort) } });
  token = await apiToken(server.url);
  const ids: number[] = [];
  for (const unit of units) {
    const bound = await api<Device>('POST', DEVICE_PATHS.bind, {
      mode: 'serial',
      sn: unit.sn,
      device_code: unit.code,
    });
    ids.push(bound.id);
  }
  // Free packages: nothing is charged. The first camera keeps backups, the second video.
  await api('POST', CBS_PATHS.packages, { device_ids: [ids[0]], service: 'cloud_backup', plan: 'free' });
  await api('POST', CBS_PATHS.packages, { device_ids: [ids[1]], service: 'cloud_video', plan: 'free' });

  // What the cameras report makes the company's totals 112 % and 144 % of the backup quotas, and
  // 90 % of the video space quota (the demo's other packages have used nothing).
  const backup = await totalsOf('cloud_backup');
  const video = await totalsOf('cloud_video');
  const reports = [
    {
      cloud_backup: {
        space: Math.round(backup.space_quota * 1.12),
        flow: Math.round(backup.flow_quota * 1.44),
      },
    },
    { cloud_video: { space: Math.round(video.space_quota * 0.9), flow: 0 } },
  ];
  for (const [index, unit] of units.entries()) {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
      clientId: unit.sn,
      username: unit.sn,
      password: unit.secret,
      reconnectPeriod: 0,
    });
    clients.push(client);
    await client.publishAsync(
      `${MQTT_TOPIC_ROOT}/${unit.sn}/up/${DEVICE_TOPICS.cloud}`,
      JSON.stringify(reports[index]),
      { qos: 1 },
    );
  }
  // The server writes the devices' reports a few seconds after they arrive.
  const written = async () =>
    (await totalsOf('cloud_backup')).space_used === reports[0]?.cloud_backup?.space &&
    (await totalsOf('cloud_video')).space_used === reports[1]?.cloud_video?.space;
  for (let waited = 0; !(await written()); waited += 500) {
    if (waited > 20_000) throw new Error('the cloud reports were not written');
    await new Promise((wait) => setTimeout(wait, 500));
  }
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

it("shows the owner the owner's name and a card per area, each with its figures and a link to its page", async () => {
  const page = await signedIn(DEMO.account);
  await page.getByText('Company owner', { exact: true }).waitFor();

  const devices = page.getByTestId('devices-card');
  await devices.getByText('Online', { exact: true }).waitFor();
  // The demo's 60 devices, the downstream company's 6 and the two cameras, which are online.
  await devices.getByText('68 devices in all').waitFor();
  expect(await devices.getByRole('link', { name: 'View devices' }).getAttribute('href')).toBe(
    '/device/maintenance',
  );

  const tasks = page.getByTestId('tasks-card');
  await tasks.getByText('No task running or ended in the last 7 days.').waitFor();
  expect(await tasks.getByRole('link', { name: 'View tasks' }).getAttribute('href')).toBe(
    '/device/maintenance?view=tasks',
  );

  const broker = page.getByTestId('mqtt-card');
  await broker.getByText('Device clients').waitFor();
  expect(await broker.getByText('Device clients').locator('xpath=following-sibling::dd').textContent()).toBe(
    '2',
  );

  const cloud = page.getByTestId('cbs-card');
  // Each camera's package is far over its own plan's quota, whatever the company's totals.
  await cloud.getByText('2 packages at or over their quota').waitFor();

  const balance = page.getByTestId('finance-card');
  await balance.getByText('Next bill').waitFor();
  await balance.getByRole('link', { name: 'Recharge' }).waitFor();

  // The cloud card leads to the overview.
  await cloud.getByRole('link', { name: 'View cloud storage' }).click();
  await page.getByRole('heading', { name: 'Cloud storage', level: 1 }).waitFor();
  const backup = page.getByTestId('usage-cloud_backup');
  const video = page.getByTestId('usage-cloud_video');
  await backup.getByText('Over quota').first().waitFor();

  /**
   * The colours Chromium paints along the middle of a bar, from a screenshot of it read back on a
   * canvas: getComputedStyle does not reach ::-webkit-progress-value, and the bug was in the pixels.
   */
  const painted = async (bar: ReturnType<Page['getByRole']>) => {
    const level = await bar.getAttribute('data-level');
    const png = (await bar.screenshot()).toString('base64');
    const colours = await page.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return [];
      context.drawImage(image, 0, 0);
      const row = context.getImageData(0, Math.floor(image.height / 2), image.width, 1).data;
      const seen = new Map<string, number>();
      // The inner part of the row: the rounded ends blend with the page.
      for (let x = 4; x < image.width - 4; x++) {
        const key = `${row[x * 4]},${row[x * 4 + 1]},${row[x * 4 + 2]}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      return [...seen.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key.split(',').map(Number));
    }, png);
    return { level, colours: colours as [number, number, number][] };
  };
  const greenish = ([r, g, b]: [number, number, number]) => g > r + 40 && g > b + 40;
  const reddish = ([r, g, b]: [number, number, number]) => r > g + 60 && r > b + 60;
  const space = await painted(backup.getByRole('progressbar', { name: 'Cloud backup space used' }));
  const flow = await painted(backup.getByRole('progressbar', { name: 'Cloud backup flow used this month' }));
  const near = await painted(video.getByRole('progressbar', { name: 'Cloud video space used' }));
  const normal = await painted(video.getByRole('progressbar', { name: 'Cloud video flow used this month' }));
  expect([space.level, flow.level, near.level, normal.level]).toEqual(['over', 'over', 'near', 'normal']);
  for (const bar of [space, flow, near, normal]) expect(bar.colours.filter(greenish)).toEqual([]);
  // Over the quota: full, in two reds (the stripes), and nothing of the empty track.
  for (const bar of [space, flow]) {
    expect(bar.colours.slice(0, 2).every(reddish)).toBe(true);
    expect(bar.colours.some(([r, g, b]) => r === 240 && g === 240 && b === 240)).toBe(false);
  }
  // Near it: the warning colour (#874d00), then the track.
  expect(near.colours[0]).toEqual([135, 77, 0]);
  expect(near.colours.some(([r, g, b]) => r === 240 && g === 240 && b === 240)).toBe(true);

  // What happens next, in words.
  await backup.getByText(/^Over by .+: the devices keep more than their plans cover\./).waitFor();
  await backup.getByText(/^Over by .+ this month\. The flow counts again from /).waitFor();
  await video.getByText(/^Nearly full: .+ left of the plans' space\./).waitFor();
});

it("shows the operator the role's name and only the cards of the role's pages, asking nothing of the others", async () => {
  const asked: string[] = [];
  const context = await englishContext(browser, { viewport: { width: 1440, height: 1000 } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Phone or email').fill(DEMO_OPERATOR.phone);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();

  await page.getByText('运维人员', { exact: true }).waitFor();
  await page.getByTestId('devices-card').getByText('68 devices in all').waitFor();
  await page.getByTestId('tasks-card').getByRole('link', { name: 'View tasks' }).waitFor();
  await page.getByTestId('mqtt-card').getByText('Device clients').waitFor();
  expect(await page.getByTestId('cbs-card').count()).toBe(0);
  expect(await page.getByTestId('finance-card').count()).toBe(0);
  expect(asked).not.toContain(`/webapi${CBS_PATHS.summary}`);
  expect(asked).not.toContain(`/webapi${FINANCE_PATHS.summary}`);
  expect(asked).toContain(`/webapi${DEVICE_PATHS.summary}`);
});

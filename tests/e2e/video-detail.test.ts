/**
 * Video detail end to end (issue 32): the demo's live cameras that hold a cloud video package upload
 * their recordings (the device simulator's H.264 fixtures) over the server's own broker and object
 * store; in Chromium the owner opens video detail, plays a recording and seeks in it — the player
 * reads the signed URL by range requests, answered 206 — and downloads it.
 */
import { type ListPage, VIDEO_PATHS, type VideoRecording } from '@vap/contracts';
import { expect, it } from 'vitest';
import { demoOwnerPerFile, serverAndBrowserPerFile } from '../support/browser.js';

const e2e = serverAndBrowserPerFile({ env: { DEMO_DEVICES: '2' } });
const owner = demoOwnerPerFile(e2e);

async function recordings(): Promise<ListPage<VideoRecording>> {
  const response = await fetch(`${e2e.server.url}/webapi${VIDEO_PATHS.recordings}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as ListPage<VideoRecording>;
}

it('plays a recording the simulated camera uploaded and seeks in it by range requests (206)', async () => {
  // The demo's first cameras hold cloud video packages; each uploads three recordings once online.
  const deadline = Date.now() + 60_000;
  while ((await recordings()).total < 1) {
    if (Date.now() > deadline) throw new Error('no recording was uploaded');
    await new Promise((wait) => setTimeout(wait, 500));
  }
  const { page } = owner;
  const ranges: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/webapi/v1/pms/objects/recording/')) ranges.push(response.status());
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${e2e.server.url}/media/video-detail`);
  await page.getByRole('heading', { name: 'Video detail' }).waitFor();
  const table = page.getByRole('table', { name: 'Recordings' });
  const first = table.getByRole('row').nth(1);
  await first.getByRole('button', { name: 'Play' }).click();
  const video = page.locator('video');
  await video.waitFor();
  // The metadata read (the fixture is 4 s long), the player seeks.
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, undefined, {
    timeout: 20_000,
  });
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(4, 0);
  const at = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
        element.currentTime = 2.5;
      }),
  );
  expect(at).toBeCloseTo(2.5, 1);
  expect(ranges).toContain(206);
  expect(refused).toEqual([]);

  // Download: the signed URL answers the recording as an attachment named by its camera and start.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    first.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^\d{20}_\d{8}-\d{6}\.mp4$/);
});

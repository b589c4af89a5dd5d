import '@vap/ui/test-polyfills';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatDateTime,
  type ListPage,
  VIDEO_PATHS,
  type VideoDevice,
  type VideoRecording,
} from '@vap/contracts';
import { type Answers, callsTo, type RenderPageOptions, refusal } from '@vap/kernel/testing';
import { renderConsolePage, rowAction, rowActionNames } from '@vap/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';

const DEVICES = `GET ${VIDEO_PATHS.devices}`;
const RECORDINGS = `GET ${VIDEO_PATHS.recordings}`;

const device: VideoDevice = {
  id: 7,
  sn: '12345678901234567890',
  name: 'Gate camera',
  kind: 'ipc',
  recordings: 2,
};
const recording = (id: number, start: string): VideoRecording => ({
  id,
  device_id: 7,
  sn: device.sn,
  started_at: start,
  ended_at: new Date(Date.parse(start) + 4000).toISOString(),
  duration: 4,
  size: 48_015,
  md5: 'fb11d7b9114a5a22c21e196df6a496ef',
});
const first = recording(1, '2026-11-20T08:00:00.000Z');
const second = recording(2, '2026-11-20T07:40:00.000Z');
const page = <T,>(items: T[]): ListPage<T> => ({ items, total: items.length });
const SIGNED = '/webapi/v1/pms/objects/recording/1_fb11d7b9114a5a22c21e196df6a496ef.mp4?e=1&s=x';

/** The links the page clicked (a download), with their address and file name. */
const clicked: Array<{ href: string; download: string }> = [];
beforeEach(() => {
  clicked.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const answers = (more: Answers = {}): Answers => ({
  [DEVICES]: { body: page([device]) },
  [RECORDINGS]: { body: page([first, second]) },
  [`GET ${VIDEO_PATHS.recording(1)}`]: { body: { ...first, url: SIGNED, content_type: 'video/mp4' } },
  [`GET ${VIDEO_PATHS.download(1)}`]: {
    body: { url: `${SIGNED}&dl=clip.mp4`, filename: `${device.sn}_20261120-080000.mp4` },
  },
  ...more,
});

const renderPage = (more: Answers = {}, options: RenderPageOptions = {}) =>
  renderConsolePage(plugin, 'video_detail', answers(more), options);

/** The table's row of a recording, once listed (its start and end read alike, to the minute). */
async function rowOf(listed: VideoRecording): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: en.video.recordings });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  const rows = within(table).getAllByRole('row').slice(1);
  return rows[[first, second].indexOf(listed)] as HTMLElement;
}

describe('video detail (page video_detail)', () => {
  it('lists the recordings, the latest first, and offers the devices with a cloud video package', async () => {
    const {
      api: { calls },
    } = await renderPage();
    const table = await screen.findByRole('table', { name: en.video.recordings });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByText('4 s')).toHaveLength(2);
    const select = screen.getByRole('combobox', { name: en.video.device });
    await userEvent.click(select);
    expect(await screen.findByRole('option', { name: `Gate camera (${device.sn})` })).toBeTruthy();
    await userEvent.click(screen.getByRole('option', { name: `Gate camera (${device.sn})` }));
    // Chosen, the device filters the list at once.
    await waitFor(() => {
      const last = callsTo(calls, 'GET', VIDEO_PATHS.recordings).at(-1);
      const wheres = JSON.parse(atob(last?.query.get('wheres') ?? 'W10='));
      expect(wheres).toEqual([{ k: 'device_id', o: '=', v: 7 }]);
    });
  });

  it('lists the recordings of the device another page names in the address', async () => {
    const {
      api: { calls },
    } = await renderPage({}, { path: '?device_id=7' });
    await waitFor(() => {
      const last = callsTo(calls, 'GET', VIDEO_PATHS.recordings).at(-1);
      expect(JSON.parse(atob(last?.query.get('wheres') ?? 'W10='))).toEqual([
        { k: 'device_id', o: '=', v: 7 },
      ]);
    });
    expect((await screen.findByRole('combobox', { name: en.video.device })).textContent).toContain(
      `Gate camera (${device.sn})`,
    );
  });

  it('plays a recording in an HTML5 player from its signed URL', async () => {
    await renderPage();
    expect(await screen.findByText(en.video.pick)).toBeTruthy();
    await userEvent.click(await rowAction(await rowOf(first), en.video.play));
    const title = `Recording of ${device.sn} from ${formatDateTime(first.started_at, { seconds: true })}`;
    const player = (await screen.findByLabelText(title, { selector: 'video' })) as HTMLVideoElement;
    expect(player.getAttribute('src')).toBe(SIGNED);
    expect(player.controls).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: en.video.close }));
    expect(screen.queryByLabelText(title, { selector: 'video' })).toBeNull();
  });

  it('says why a recording cannot be loaded, or played', async () => {
    await renderPage({
      [`GET ${VIDEO_PATHS.recording(1)}`]: refusal(404, { code: 'not_found', message: 'Not found' }),
    });
    await userEvent.click(await rowAction(await rowOf(first), en.video.play));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The recording could not be loaded: Not found',
    );
  });

  it('says when a player cannot play its URL (expired)', async () => {
    await renderPage();
    await userEvent.click(await rowAction(await rowOf(first), en.video.play));
    const player = await screen.findByLabelText(/Recording of/, { selector: 'video' });
    player.dispatchEvent(new Event('error'));
    expect((await screen.findByRole('alert')).textContent).toBe(en.video.playbackFailed);
  });

  it('downloads a recording by its signed URL as the file the server names, with the button download', async () => {
    await renderPage();
    await userEvent.click(await rowAction(await rowOf(first), en.video.download));
    await waitFor(() =>
      expect(clicked).toEqual([
        { href: `${SIGNED}&dl=clip.mp4`, download: `${device.sn}_20261120-080000.mp4` },
      ]),
    );
  });

  it('offers no download to a role without the button', async () => {
    await renderPage({}, { roleId: 5, buttons: [] });
    expect(await rowActionNames(await rowOf(first))).toEqual([en.video.play]);
  });

  it('says when no device holds a cloud video package, and when the devices fail to load', async () => {
    await renderPage({ [DEVICES]: { body: page([]) }, [RECORDINGS]: { body: page([]) } });
    expect(await screen.findByText(en.video.noDevices)).toBeTruthy();
    expect(await screen.findByText(en.video.empty)).toBeTruthy();
    cleanup();
    await renderPage({ [DEVICES]: refusal(500, { code: 'internal', message: 'Server error' }) });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The devices could not be loaded: Server error',
    );
  });
});

import '@vap/ui/test-polyfills';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADPKG_PATHS, type Adpkg, type AdpkgItem } from '@vap/contracts';
import { type Answers, callsTo, type RenderPageOptions } from '@vap/kernel/testing';
import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { renderMediaPage } from '../test-support.js';
import {
  clampShare,
  hasChanges,
  moved,
  playThrough,
  resourceNameOf,
  shareAt,
  stepAt,
  VIDEO_FALLBACK_MS,
} from './adpkg-design-rules.js';

const words = en.design;
const PAGE = 'adpkg_design';

const image = (name: string, seconds: number, md5: string): AdpkgItem => ({
  type: 'image',
  file: `adpkg/1_${md5.repeat(32)}.png`,
  resource_name: name,
  seconds,
  size: 2048,
  md5: md5.repeat(32),
  width: 1080,
  height: 1920,
  duration_ms: null,
  codec: null,
});
const video = (name: string, ms: number, md5: string): AdpkgItem => ({
  ...image(name, 0, md5),
  type: 'video',
  file: `adpkg/1_${md5.repeat(32)}.mp4`,
  seconds: null,
  duration_ms: ms,
  codec: 'avc1.64001f',
});

const lobby: Adpkg = {
  id: 7,
  name: 'Lobby',
  top_share: 60,
  items: [image('welcome', 3, 'a'), image('menu', 5, 'b'), video('clip', 4000, 'c')],
  devices: { total: 0, in_progress: 0, success: 0, failed: 0 },
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
};

const renderDesign = (answers: Answers = {}, options: RenderPageOptions = {}) =>
  renderMediaPage(
    PAGE,
    {
      [`GET ${ADPKG_PATHS.package(7)}`]: { body: lobby },
      [`PUT ${ADPKG_PATHS.package(7)}`]: { body: { ...lobby, updated_at: '2026-11-29T08:00:00.000Z' } },
      ...answers,
    },
    { path: '?id=7&name=Lobby', ...options },
  );

const editor = () => screen.findByRole('heading', { name: 'Design: Lobby' });
const itemNames = () =>
  within(screen.getByRole('list', { name: words.order }))
    .getAllByRole('textbox')
    .map((input) => (input as HTMLInputElement).value);

describe('the ad package editor rules (spec §2.3 adpkg_design, §5.6; issue 32)', () => {
  it('keeps the top half within 30 to 80 percent, whole, however it is dragged or typed', () => {
    expect(clampShare(29)).toBe(30);
    expect(clampShare(81)).toBe(80);
    expect(clampShare(55.4)).toBe(55);
    expect(clampShare(Number.NaN, 64)).toBe(64);
    expect(shareAt(0, 400)).toBe(30);
    expect(shareAt(200, 400)).toBe(50);
    expect(shareAt(400, 400)).toBe(80);
  });

  it('moves an item to its new place, the others keeping their order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('plays the items in their order, an image for its display time and a video for its length', () => {
    const steps = playThrough([
      { type: 'image', seconds: 3, duration_ms: null },
      { type: 'video', seconds: 0, duration_ms: 4500 },
      { type: 'image', seconds: 2, duration_ms: null },
      { type: 'video', seconds: 0, duration_ms: null },
    ]);
    expect(steps).toEqual([
      { index: 0, startMs: 0, durationMs: 3000 },
      { index: 1, startMs: 3000, durationMs: 4500 },
      { index: 2, startMs: 7500, durationMs: 2000 },
      { index: 3, startMs: 9500, durationMs: VIDEO_FALLBACK_MS },
    ]);
    expect(stepAt(steps, 2999)?.index).toBe(0);
    expect(stepAt(steps, 3000)?.index).toBe(1);
    expect(stepAt(steps, 9500 + VIDEO_FALLBACK_MS)).toBeNull();
  });

  it('counts the split, an item, its time or its order as unsaved, and nothing else', () => {
    const saved = {
      top_share: 50,
      items: [
        { type: 'image' as const, file: 'a', resource_name: 'a', seconds: 3 },
        { type: 'video' as const, file: 'b', resource_name: 'b' },
      ],
    };
    expect(hasChanges({ ...saved, items: [...saved.items] }, saved)).toBe(false);
    expect(hasChanges({ ...saved, top_share: 51 }, saved)).toBe(true);
    expect(hasChanges({ ...saved, items: [...saved.items].reverse() }, saved)).toBe(true);
    expect(
      hasChanges({ ...saved, items: [{ ...saved.items[0], seconds: 4 }, saved.items[1]] } as never, saved),
    ).toBe(true);
  });

  it('names a new item after its file, in the letters §5.6 allows, apart from the names taken', () => {
    expect(resourceNameOf('Summer sale 2026!.png', [])).toBe('Summer_sale_2026');
    expect(resourceNameOf('Summer sale 2026!.png', ['Summer_sale_2026'])).toBe('Summer_sale_2026_2');
    expect(resourceNameOf('海报.jpg', [])).toBe('item');
  });
});

describe('the ad package design page (spec §2.3 adpkg_design; issue 32)', () => {
  it("opens the address's package with its split and items in their order", async () => {
    await renderDesign();
    await editor();
    expect(screen.getByRole('separator', { name: words.split }).getAttribute('aria-valuenow')).toBe('60');
    expect(itemNames()).toEqual(['welcome', 'menu', 'clip']);
  });

  it('keeps a typed split within 30 to 80 and moves the line on the preview with it', async () => {
    await renderDesign();
    await editor();
    const number = screen.getByRole('spinbutton', { name: en.adpkg.form.topShareNumber });
    await userEvent.clear(number);
    await userEvent.type(number, '95{Enter}');
    expect((number as HTMLInputElement).value).toBe('80');
    expect((screen.getByRole('slider', { name: en.adpkg.form.topShare }) as HTMLInputElement).value).toBe(
      '80',
    );
    expect(screen.getByTestId('adpkg-top').style.height).toBe('80%');
    const split = screen.getByRole('separator', { name: words.split });
    split.focus();
    await userEvent.keyboard('{Home}');
    expect(split.getAttribute('aria-valuenow')).toBe('30');
    await userEvent.keyboard('{ArrowUp}');
    expect(split.getAttribute('aria-valuenow')).toBe('30');
    await userEvent.keyboard('{ArrowDown}');
    expect(split.getAttribute('aria-valuenow')).toBe('31');
  });

  it('reorders items with the move buttons and saves them in their new order', async () => {
    const { api } = await renderDesign();
    await editor();
    await userEvent.click(screen.getByRole('button', { name: 'Move item 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move item 2 up' }));
    expect(itemNames()).toEqual(['clip', 'welcome', 'menu']);
    expect(screen.getByRole('button', { name: 'Move item 1 up' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(callsTo(api.calls, 'PUT', ADPKG_PATHS.package(7))).toHaveLength(1));
    expect(callsTo(api.calls, 'PUT', ADPKG_PATHS.package(7))[0]?.body).toEqual({
      name: 'Lobby',
      top_share: 60,
      items: [
        { type: 'video', file: lobby.items[2]?.file, resource_name: 'clip' },
        { type: 'image', file: lobby.items[0]?.file, resource_name: 'welcome', seconds: 3 },
        { type: 'image', file: lobby.items[1]?.file, resource_name: 'menu', seconds: 5 },
      ],
    });
  });

  it('reorders items by dragging one onto another', async () => {
    await renderDesign();
    await editor();
    const list = screen.getByRole('list', { name: words.order });
    const [first, , third] = within(list).getAllByRole('listitem');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', types: [] as string[] };
    fireEvent.dragStart(third as HTMLElement, { dataTransfer });
    fireEvent.dragOver(first as HTMLElement, { dataTransfer });
    fireEvent.drop(first as HTMLElement, { dataTransfer });
    expect(itemNames()).toEqual(['clip', 'welcome', 'menu']);
  });

  it('holds changes as unsaved for the tab, so leaving asks, until they are saved', async () => {
    const [first, ...rest] = lobby.items;
    const { kernel } = await renderDesign({
      [`PUT ${ADPKG_PATHS.package(7)}`]: { body: { ...lobby, items: [{ ...first, seconds: 12 }, ...rest] } },
    });
    await editor();
    expect(kernel.tabs.unsaved()).toEqual([]);
    const time = screen.getByRole('spinbutton', { name: 'Display time of item 1, seconds' });
    await userEvent.clear(time);
    await userEvent.type(time, '12');
    await waitFor(() => expect(kernel.tabs.unsaved().map((view) => view.label)).toEqual(['Lobby']));
    expect(screen.getByRole('status').textContent).toBe(words.unsaved);
    expect(screen.getByRole('button', { name: en.adpkg.publish })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    await waitFor(() => expect(kernel.tabs.unsaved()).toEqual([]));
    expect(screen.getByRole('button', { name: en.adpkg.publish })).toHaveProperty('disabled', false);
  });

  it('refuses a resource name §5.6 does not allow before sending anything', async () => {
    const { api } = await renderDesign();
    await editor();
    const name = screen.getByRole('textbox', { name: 'Resource name of item 2' });
    await userEvent.clear(name);
    await userEvent.type(name, 'menu board');
    await userEvent.click(screen.getByRole('button', { name: words.save }));
    expect(
      (await screen.findAllByText(/letters, digits and underscores, at most 32/)).length,
    ).toBeGreaterThan(0);
    expect(callsTo(api.calls, 'PUT', ADPKG_PATHS.package(7))).toHaveLength(0);
  });

  it('refuses a dropped file of another type with the §8 message, adding nothing', async () => {
    await renderDesign();
    await editor();
    const gif = new File(['GIF89a'], 'banner.gif', { type: 'image/gif' });
    fireEvent.drop(screen.getByTestId('adpkg-preview'), { dataTransfer: { files: [gif], types: ['Files'] } });
    expect((await screen.findByText(/banner\.gif: Wrong file type/)).textContent).toContain(
      'JPG, JPEG, PNG, MP4',
    );
    expect(itemNames()).toEqual(['welcome', 'menu', 'clip']);
  });

  it('plays the items through in their order, each for its time, then stops', async () => {
    await renderDesign();
    await editor();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: words.play }));
    const shown = () => screen.getByTestId('adpkg-shown').textContent;
    expect(shown()).toBe('Image welcome');
    expect(screen.getByText('Playing item 1 of 3 for 3 s (12 s in all)')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2999));
    expect(shown()).toBe('Image welcome');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('Image menu');
    act(() => vi.advanceTimersByTime(5000));
    expect(shown()).toBe('Video clip');
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('button', { name: words.play })).toBeTruthy();
    expect(screen.queryByText(/Playing item/)).toBeNull();
  });

  it('without the save and publish buttons a role sees the layout and its devices only', async () => {
    await renderDesign({}, { roleId: 4, buttons: [] });
    await editor();
    expect(screen.queryByRole('button', { name: words.save })).toBeNull();
    expect(screen.queryByRole('button', { name: en.adpkg.publish })).toBeNull();
    expect(screen.queryByRole('button', { name: words.addFiles })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move item 2 up' })).toBeNull();
    expect(screen.getByRole('slider', { name: en.adpkg.form.topShare })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: en.adpkg.showDevices })).toBeTruthy();
  });

  it('says so when the address names no package it can open', async () => {
    await renderDesign({
      [`GET ${ADPKG_PATHS.package(7)}`]: { status: 404, body: { code: 'not_found', message: 'Not found' } },
    });
    expect(await screen.findByText(words.notFound)).toBeTruthy();
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18n, I18nProvider } from '@vap/kernel/host';
import en from '@vap/locales/en.json';
import { DialogHost, Toaster, UI_NAMESPACE, uiMessages } from '@vap/ui';
import '@vap/ui/test-polyfills';
import { describe, expect, it, vi } from 'vitest';
import { consoleRoutes } from '../router.js';
import { renderConsole } from '../test-support.js';
import { createDevices, queryDevices } from './devices.js';
import GalleryPage from './gallery.js';
import { SECTIONS, text } from './gallery-text.js';
import { fakeUpload } from './upload-section.js';

/** English `ui` strings plus the console's own (for the `validation.*` messages of the form). */
async function createI18n() {
  const i18n = new I18n('en');
  i18n.addMessages('en', 'translation', en);
  i18n.addMessages('en', UI_NAMESPACE, (await uiMessages.loaders.en()).default);
  return i18n;
}

/**
 * A section of the gallery by its id. Role queries over the whole gallery compute the accessible
 * tree of every component at once, which takes tens of seconds on a busy CI machine: the tests
 * query inside one section instead.
 */
const section = (id: string) => document.getElementById(id) as HTMLElement;

async function renderGallery() {
  const i18n = await createI18n();
  return render(
    <I18nProvider i18n={i18n}>
      <GalleryPage />
      <DialogHost />
      <Toaster />
    </I18nProvider>,
  );
}

describe('component gallery (development only)', () => {
  it('renders every section, each with an anchor in the section list', async () => {
    await renderGallery();
    expect(screen.getByRole('heading', { level: 1, name: text.title })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: text.sectionsNav });
    for (const section of SECTIONS) {
      const region = screen.getByRole('region', { name: section.title });
      expect(region.id).toBe(section.id);
      expect(within(nav).getByRole('link', { name: section.title }).getAttribute('href')).toBe(
        `#${section.id}`,
      );
    }
    // Built-in texts come from the `ui` namespace.
    expect(screen.getAllByRole('button', { name: 'Export CSV' }).length).toBeGreaterThan(0);
  });

  it('the device table loads a page of the ~2,500 generated rows', async () => {
    await renderGallery();
    const region = section('table');
    const table = within(region).getByRole('table', { name: text.table.label });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(region).getByText('Total 2500')).toBeTruthy();
  });

  it('draws a chart of each type, its data table named by its title and headed by its x and its series', async () => {
    await renderGallery();
    const charts = section('charts');
    const t = text.charts;
    const headers = (title: string) =>
      within(within(charts).getByRole('table', { name: title }))
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    expect(headers(t.lineTitle)).toEqual([t.month, t.online, t.offline]);
    expect(headers(t.barTitle)).toEqual([t.weekday, t.alarms, t.motion]);
    expect(headers(t.pieTitle)).toEqual(['Category', t.devices]);
    expect(headers(t.timeTitle)).toEqual(['Time', t.online]);
    for (const demo of [t.line, t.bar, t.pie, t.time]) {
      expect(within(charts).getByRole('heading', { name: demo })).toBeTruthy();
    }
  });

  it('the form shows the translated messages of the shared zod rules', async () => {
    await renderGallery();
    const form = within(section('form')).getByRole('form', { name: text.form.formLabel });
    await userEvent.click(within(form).getByRole('button', { name: text.form.submit }));
    expect(await within(form).findByText('Enter a valid mainland phone number')).toBeTruthy();
    expect(within(form).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(form).getAllByText('This field is required').length).toBeGreaterThanOrEqual(3);
  });

  it('confirm() opens from its demo button and answers through the DialogHost', async () => {
    await renderGallery();
    await userEvent.click(within(section('overlays')).getByRole('button', { name: text.overlays.confirm }));
    const title = await screen.findByText(text.overlays.confirmTitle);
    const dialog = title.closest('[role="alertdialog"]') as HTMLElement;
    expect(dialog.getAttribute('aria-labelledby')).toBe(title.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText(text.overlays.answeredYes)).toBeTruthy();
  });
});

describe('the in-memory device list', () => {
  const devices = createDevices();

  it('honours wheres, orders, page and size', () => {
    expect(devices).toHaveLength(2500);
    const all = queryDevices(devices, { page: 1, size: 20, wheres: [], orders: [] });
    expect(all.total).toBe(2500);
    expect(all.items).toHaveLength(20);

    const online = queryDevices(devices, {
      page: 2,
      size: 50,
      wheres: [{ k: 'status', o: '=', v: 'online' }],
      orders: [{ k: 'lastOnline', o: 'desc' }],
    });
    expect(online.total).toBe(devices.filter((device) => device.status === 'online').length);
    expect(online.items).toHaveLength(50);
    expect(online.items.every((device) => device.status === 'online')).toBe(true);
    const times = online.items.map((device) => device.lastOnline);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const named = queryDevices(devices, {
      page: 1,
      size: 10,
      wheres: [{ k: 'name', o: 'like', v: 'LOBBY camera 000' }],
      orders: [{ k: 'name', o: 'asc' }],
    });
    expect(named.items.map((device) => device.name)).toEqual(['Lobby camera 0002']);
  });

  it('the fake upload of fail.png fails once, then a retry succeeds', async () => {
    vi.useFakeTimers();
    const file = new File(['x'], 'fail.png', { type: 'image/png' });
    const progress: number[] = [];
    const context = () => ({
      onProgress: (fraction: number) => progress.push(fraction),
      signal: new AbortController().signal,
    });
    const first = fakeUpload(file, context());
    const failed = expect(first).rejects.toThrow(text.upload.failure);
    await vi.advanceTimersByTimeAsync(5000);
    await failed;
    progress.length = 0;
    const second = fakeUpload(file, context());
    await vi.advanceTimersByTimeAsync(5000);
    await expect(second).resolves.toBeTruthy();
    expect(progress.at(-1)).toBe(1);
  });
});

describe('the /gallery route', () => {
  it('is public in development and absent from the production route list', async () => {
    const { kernel } = await renderConsole('/gallery', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: text.title }, { timeout: 5000 }),
    ).toBeTruthy();
    const paths = (dev: boolean) => consoleRoutes(kernel, dev).map((route) => route.path);
    expect(paths(true)).toContain('/gallery');
    expect(paths(false)).not.toContain('/gallery');
    await act(async () => undefined);
  });
});

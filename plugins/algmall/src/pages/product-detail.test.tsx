import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS } from '@vap/contracts';
import { callsTo } from '@vap/kernel/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { productDetail, renderMallPage } from '../test-support.js';

const PAGE = 'algmall_product_detail';
const detailPath = (id: number) => ALGMALL_PATHS.product(id);

describe('the product detail (spec §2.3 algmall_product_detail)', () => {
  it('shows the product the address names: name, version, kinds, models, price, trial, text and pictures', async () => {
    const { api } = await renderMallPage(
      PAGE,
      {
        [`GET ${detailPath(7)}`]: {
          body: productDetail({
            id: 7,
            kinds: ['ipc', 'nvr'],
            models: ['VAP-C200', 'VAP-N800'],
            price_fen: 5_000,
            trial_days: 1,
            images: ['/files/algmall/a.png', 'https://cdn.example.com/b.jpg'],
          }),
        },
      },
      { path: '?id=7&name=Helmet%20detection' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Helmet detection' })).toBeTruthy();
    expect(callsTo(api.calls, 'GET', detailPath(7))).toHaveLength(1);
    const value = (label: string) => (screen.getByText(label).nextElementSibling as HTMLElement).textContent;
    expect(value(en.detail.version)).toBe('1.2.0');
    expect(value(en.detail.kinds)).toBe('Camera (IPC)Recorder (NVR)');
    expect(value(en.detail.models)).toBe('VAP-C200, VAP-N800');
    expect(value(en.detail.price)).toBe('¥50.00');
    expect(value(en.detail.trial)).toBe('1-day trial');
    const images = screen.getAllByRole('img', { name: /^Helmet detection, picture/ });
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/files/algmall/a.png',
      'https://cdn.example.com/b.jpg',
    ]);
    expect(images[1]?.getAttribute('alt')).toBe('Helmet detection, picture 2');
  });

  it('shows the detail text as plain paragraphs, never as HTML', async () => {
    await renderMallPage(
      PAGE,
      {
        [`GET ${detailPath(3)}`]: {
          body: productDetail({
            id: 3,
            detail: {
              'zh-CN': '中文',
              en: 'First line\nsecond line\n\n<b>not bold</b><script>alert(1)</script>',
              'zh-TW': '中文',
            },
          }),
        },
      },
      { path: '?id=3&name=x' },
    );
    const text = await screen.findByTestId('product-detail-text');
    const paragraphs = within(text).getAllByText(/./, { selector: 'p' });
    expect(paragraphs.map((paragraph) => paragraph.textContent)).toEqual([
      'First line\nsecond line',
      '<b>not bold</b><script>alert(1)</script>',
    ]);
    expect(text.querySelector('b, script')).toBeNull();
  });

  it('says "all models of these kinds" when the product names no model, and "no trial" without one', async () => {
    await renderMallPage(
      PAGE,
      { [`GET ${detailPath(5)}`]: { body: productDetail({ id: 5, models: [], trial_days: null }) } },
      { path: '?id=5&name=x' },
    );
    expect(await screen.findByText(en.detail.allModels)).toBeTruthy();
    expect(screen.getByText(en.detail.noTrial)).toBeTruthy();
  });

  it('shows the product in the console’s language, and another language without asking again', async () => {
    const { api, kernel } = await renderMallPage(
      PAGE,
      { [`GET ${detailPath(7)}`]: { body: productDetail({ id: 7 }) } },
      { path: '?id=7&name=x', language: 'zh-CN' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: '安全帽检测' })).toBeTruthy();
    expect(screen.getByText('实时识别。')).toBeTruthy();
    await act(() => kernel.setLanguage('zh-TW'));
    expect(await screen.findByRole('heading', { level: 1, name: '安全帽偵測' })).toBeTruthy();
    expect(screen.getByText('即時辨識。')).toBeTruthy();
    expect(callsTo(api.calls, 'GET', detailPath(7))).toHaveLength(1);
  });

  it('a product the server does not know (404) does not exist', async () => {
    await renderMallPage(
      PAGE,
      { [`GET ${detailPath(99)}`]: { status: 404, body: { code: 'not_found', message: 'Not found' } } },
      { path: '?id=99&name=Gone' },
    );
    expect(await screen.findByRole('heading', { name: en.detail.notFound })).toBeTruthy();
    // Quiet: the page says it, not the console's failure message as well.
    expect(screen.queryByText('Not found')).toBeNull();
  });

  it.each([
    ['no id', ''],
    ['an id that is not a number', '?id=abc&name=x'],
    ['an id that is not a whole number', '?id=1.5'],
    ['an id of zero', '?id=0'],
  ])('%s does not exist, and the server is not asked', async (_case, path) => {
    const { api } = await renderMallPage(PAGE, {}, { path });
    expect(await screen.findByRole('heading', { name: en.detail.notFound })).toBeTruthy();
    expect(api.calls.filter((call) => call.path.startsWith('/v1/algmall'))).toEqual([]);
  });

  it('says why the product failed to load, and Retry asks again', async () => {
    let fail = true;
    const { api } = await renderMallPage(
      PAGE,
      {
        [`GET ${detailPath(7)}`]: () =>
          fail
            ? { status: 500, body: { code: 'internal', message: 'Database unavailable' } }
            : { body: productDetail({ id: 7 }) },
      },
      { path: '?id=7&name=x' },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The product could not be loaded: Database unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Helmet detection' })).toBeTruthy();
    expect(callsTo(api.calls, 'GET', detailPath(7))).toHaveLength(2);
  });
});

import '@vap/ui/test-polyfills';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALGMALL_PATHS } from '@vap/contracts';
import { callsTo, type RecordedCall, wheresOf } from '@vap/kernel/testing';
import { choose } from '@vap/ui/testing';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import { detailMenu, pageOf, product, renderMallPage } from '../test-support.js';

const PAGE = 'algmall_product_list';
const LIST = `GET ${ALGMALL_PATHS.products}`;
const listCalls = (calls: RecordedCall[]) => callsTo(calls, 'GET', ALGMALL_PATHS.products);

describe('the product list (spec §2.3 algmall_product_list)', () => {
  it('shows each product as a card: cover or icon, name, summary, kinds, version, price in yuan, trial', async () => {
    await renderMallPage(PAGE, {
      [LIST]: pageOf([
        product({ id: 1, trial_days: 7, cover: '/files/algmall/helmet.png' }),
        product({
          id: 2,
          name: { 'zh-CN': '人数统计', en: 'People counting', 'zh-TW': '人數統計' },
          kinds: ['ipc', 'nvr'],
          version: '2.0.1',
          price_fen: 123_456,
        }),
      ]),
    });
    const first = await screen.findByTestId('product-1');
    expect(within(first).getByRole('heading', { name: 'Helmet detection' })).toBeTruthy();
    expect(within(first).getByText('Spots people without a helmet')).toBeTruthy();
    expect(within(first).getByText('Version 1.2.0')).toBeTruthy();
    expect(within(first).getByText('¥199.00 per authorisation')).toBeTruthy();
    expect(within(first).getByText('7-day trial')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/files/algmall/helmet.png');
    const kinds = within(first).getByRole('list', { name: en.product.runsOn });
    expect(
      within(kinds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Camera (IPC)']);

    const second = screen.getByTestId('product-2');
    expect(within(second).getByRole('heading', { name: 'People counting' })).toBeTruthy();
    expect(within(second).getByText('¥1,234.56 per authorisation')).toBeTruthy();
    expect(within(second).queryByText(/trial/)).toBeNull();
    // No cover: the neutral icon, not a broken image.
    expect(second.querySelector('img')).toBeNull();
    expect(second.querySelector('svg')).not.toBeNull();
    const secondKinds = within(second).getByRole('list', { name: en.product.runsOn });
    expect(
      within(secondKinds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Camera (IPC)', 'Recorder (NVR)']);
  });

  it('shows the icon instead of a cover that fails to load', async () => {
    await renderMallPage(PAGE, { [LIST]: pageOf([product({ id: 1, cover: '/files/algmall/gone.png' })]) });
    const card = await screen.findByTestId('product-1');
    fireEvent.error(card.querySelector('img') as HTMLImageElement);
    await waitFor(() => expect(card.querySelector('img')).toBeNull());
    expect(card.querySelector('svg')).not.toBeNull();
  });

  it('speaks the console’s language, and switching it shows the other words without asking again', async () => {
    const { api, kernel } = await renderMallPage(
      PAGE,
      { [LIST]: pageOf([product({ id: 1, trial_days: 3 })]) },
      { language: 'zh-CN' },
    );
    expect(await screen.findByRole('heading', { name: zhCN.list.title })).toBeTruthy();
    const card = await screen.findByTestId('product-1');
    expect(within(card).getByRole('heading', { name: '安全帽检测' })).toBeTruthy();
    expect(within(card).getByText('识别未戴安全帽的人员')).toBeTruthy();
    expect(within(card).getByText('可试用 3 天')).toBeTruthy();

    await act(() => kernel.setLanguage('zh-TW'));
    expect(await within(card).findByRole('heading', { name: '安全帽偵測' })).toBeTruthy();
    expect(within(card).getByText('辨識未戴安全帽的人員')).toBeTruthy();
    await act(() => kernel.setLanguage('en'));
    expect(await within(card).findByRole('heading', { name: 'Helmet detection' })).toBeTruthy();
    expect(listCalls(api.calls)).toHaveLength(1);
  });

  it('filters by device kind and by words (the contract’s length limit), then pages, as wheres and page', async () => {
    const { api } = await renderMallPage(PAGE, {
      [LIST]: (call) => ({
        body: {
          items: [
            product({
              id: Number(call.query.get('page')),
              name: {
                'zh-CN': `第 ${call.query.get('page')} 页`,
                en: `Product on page ${call.query.get('page')}`,
                'zh-TW': `第 ${call.query.get('page')} 頁`,
              },
            }),
          ],
          total: 45,
        },
      }),
    });
    await screen.findByRole('heading', { name: 'Product on page 1' });
    expect(listCalls(api.calls)[0]?.query.get('wheres')).toBeNull();

    await choose(document.body, en.list.kind, 'Recorder (NVR)');
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(2));
    expect(wheresOf(listCalls(api.calls)[1] as RecordedCall)).toEqual([{ k: 'kind', o: '=', v: 'nvr' }]);

    const search = screen.getByRole('searchbox', { name: en.list.text });
    // PRODUCT_FILTERS' text: at most PRODUCT_NAME_MAX_LENGTH (40) characters.
    expect(search.getAttribute('maxlength')).toBe('40');
    await userEvent.type(search, ' 头盔 {Enter}');
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(3));
    expect(wheresOf(listCalls(api.calls)[2] as RecordedCall)).toEqual([
      { k: 'kind', o: '=', v: 'nvr' },
      { k: 'text', o: 'like', v: '头盔' },
    ]);

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await screen.findByRole('heading', { name: 'Product on page 2' });
    expect(listCalls(api.calls).at(-1)?.query.get('page')).toBe('2');
    expect(wheresOf(listCalls(api.calls).at(-1) as RecordedCall)).toHaveLength(2);

    // Another filter starts again from the first page.
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await screen.findByRole('heading', { name: 'Product on page 1' });
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(5));
    const last = listCalls(api.calls).at(-1) as RecordedCall;
    expect(last.query.get('page')).toBe('1');
    expect(last.query.get('wheres')).toBeNull();
  });

  it('says when no product matches', async () => {
    await renderMallPage(PAGE, { [LIST]: pageOf([]) });
    expect(await screen.findByText(en.list.empty)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: /pagination/i })).toBeNull();
  });

  it('says why the list failed, and Retry asks again', async () => {
    let fail = true;
    const { api } = await renderMallPage(PAGE, {
      [LIST]: () =>
        fail
          ? { status: 500, body: { code: 'internal', message: 'Database unavailable' } }
          : pageOf([product({ id: 1 })]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The products could not be loaded: Database unavailable');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: en.common.retry }));
    expect(await screen.findByRole('heading', { name: 'Helmet detection' })).toBeTruthy();
    expect(listCalls(api.calls)).toHaveLength(2);
  });

  it('opens a product’s detail from its card, by keyboard too, with its id and its name in the console’s language', async () => {
    await renderMallPage(
      PAGE,
      { [LIST]: pageOf([product({ id: 42 })]) },
      { extraMenus: [detailMenu], language: 'zh-TW' },
    );
    const link = await screen.findByRole('link', { name: '安全帽偵測' });
    link.focus();
    await userEvent.keyboard('{Enter}');
    const at = await screen.findByText(/^at /);
    const address = new URL(at.textContent?.slice(3) ?? '', 'http://localhost');
    expect(address.pathname).toBe('/algmall/product-detail');
    expect(address.searchParams.get('id')).toBe('42');
    expect(address.searchParams.get('name')).toBe('安全帽偵測');
  });

  it('shows the cards without a link when the user’s menu lacks the detail page', async () => {
    await renderMallPage(PAGE, { [LIST]: pageOf([product({ id: 42 })]) });
    expect(await screen.findByRole('heading', { name: 'Helmet detection' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Helmet detection' })).toBeNull();
  });
});

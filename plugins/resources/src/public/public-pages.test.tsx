import '@vap/ui/test-polyfills';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Language, type MenuItem, RESOURCE_PATHS } from '@vap/contracts';
import { type Answers, callsTo, refusal, renderWithKernel, testUser } from '@vap/kernel/testing';
import { sharedMessages } from '@vap/ui/testing';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import plugin from '../index.js';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';
import { resource } from '../test-support.js';
import IpcfilePage from './ipcfile-page.js';
import OfficialPage from './official-page.js';
import ProtocolPage from './protocol-page.js';
import SharePage from './share-page.js';

const TOKEN = 'A'.repeat(43);
const GRANT = 'B'.repeat(43);
const shared = `GET /v1/resources/shared/${TOKEN}`;
const official = `GET /v1/resources/official/${GRANT}`;
/** The resource download page in a user's menu: what a signed-in visit of /official reads with. */
const downloadMenu: MenuItem = {
  id: 901,
  parent_id: 0,
  name: 'resource_download',
  type: 'page',
  path: 'download',
  title: 'menu.resource_download',
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: 10,
  children: [],
};

function open(page: ReactElement, path: string, answers: Answers = {}, language: Language = 'en') {
  const routePath = path.split('?')[0] ?? path;
  return renderWithKernel(page, {
    plugins: [plugin],
    messages: sharedMessages,
    language,
    answers,
    path,
    routePath,
  });
}

describe('/sharePage: a share link opened without signing in (spec §2.1, §8)', () => {
  it('shows the shared resource and downloads it by the link, carrying no session', async () => {
    const { api } = await open(<SharePage />, `/sharePage?link=${TOKEN}`, {
      [shared]: { body: { resource: resource({ id: 5 }), expires_at: '2026-12-01T08:00:00.000Z' } },
    });
    const card = await screen.findByRole('article', { name: 'IP camera user manual' });
    const link = within(card).getByRole('link', { name: en.sharePage.download });
    expect(link.getAttribute('href')).toBe(`/webapi/v1/resources/shared/${TOKEN}/file`);
    expect(link.getAttribute('download')).toBe('ipc-user-manual-2.0.pdf');
    expect(
      callsTo(api.calls, 'GET', `/v1/resources/shared/${TOKEN}`)[0]?.headers.get('authorization'),
    ).toBeNull();
  });

  it.each([
    ['link_expired', 'Link expired', en.link.expired],
    ['link_invalid', 'Invalid link', en.link.invalid],
  ])('a %s refusal says so (spec §8)', async (code, message, shown) => {
    await open(<SharePage />, `/sharePage?link=${TOKEN}`, { [shared]: refusal(403, { code, message }) });
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('an address without a token is an invalid link, asked of nobody', async () => {
    const { api } = await open(<SharePage />, '/sharePage');
    expect(await screen.findByText(en.link.invalid)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('another failure offers to try again', async () => {
    let calls = 0;
    await open(<SharePage />, `/sharePage?link=${TOKEN}`, {
      [shared]: () =>
        ++calls === 1
          ? refusal(500, { code: 'internal_error', message: 'Server error' })
          : { body: { resource: resource({ id: 5 }), expires_at: '2026-12-01T08:00:00.000Z' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: en.link.retry }));
    expect(await screen.findByRole('article', { name: 'IP camera user manual' })).toBeTruthy();
  });
});

describe('/official: the public download page (spec §2.1, §6, §9)', () => {
  it("lists the company's resources by its grant and downloads each by it", async () => {
    await open(<OfficialPage />, `/official?grant=${GRANT}`, {
      [official]: {
        body: {
          title: 'VAP 演示',
          expires_at: '2026-11-28T16:00:00.000Z',
          items: [
            resource({ id: 5 }),
            resource({ id: 6, name: { 'zh-CN': '工具', en: 'Tool', 'zh-TW': '工具' } }),
          ],
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'VAP 演示 resource download', level: 1 })).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Tool' });
    expect(within(card).getByRole('link', { name: en.officialPage.download }).getAttribute('href')).toBe(
      `/webapi/v1/resources/official/${GRANT}/6/file`,
    );
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('an expired grant says link expired, in the console’s language', async () => {
    await open(
      <OfficialPage />,
      `/official?grant=${GRANT}`,
      { [official]: refusal(403, { code: 'link_expired', message: '链接已过期' }) },
      'zh-CN',
    );
    expect(await screen.findByText(zhCN.link.expired)).toBeTruthy();
  });

  it('without a grant or a session it asks for a link or a sign-in, asking the server nothing', async () => {
    const { api } = await open(<OfficialPage />, '/official');
    expect(await screen.findByText(en.officialPage.needLink)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.officialPage.signIn }).getAttribute('href')).toBe('/login');
    expect(api.calls.filter((call) => call.path.startsWith('/v1/resources'))).toHaveLength(0);
  });

  it('a signed-in visit lists with the session, and one whose answer is 401 stays on the page and asks for a link (spec §6)', async () => {
    const user = testUser({ menus: [downloadMenu] });
    const signedIn = (answer: Answers[string]) =>
      renderWithKernel(<OfficialPage />, {
        plugins: [plugin],
        messages: sharedMessages,
        language: 'en',
        path: '/official',
        routePath: '/official',
        answers: { [`GET ${RESOURCE_PATHS.resources}`]: answer },
        user,
      });
    await signedIn({ body: { items: [resource({ id: 5 })], total: 1 } });
    const card = await screen.findByRole('article', { name: 'IP camera user manual' });
    expect(within(card).getByRole('button', { name: en.officialPage.download })).toBeTruthy();
    expect(screen.getByText(en.officialPage.signedIn)).toBeTruthy();
    cleanup();
    const { api } = await signedIn(
      refusal(401, { code: 'unauthorized', message: 'Identity authentication expired' }),
    );
    expect(await screen.findByText(en.officialPage.needLink)).toBeTruthy();
    expect(api.calls.some((call) => call.path === RESOURCE_PATHS.resources)).toBe(true);
  });
});

describe('/protocol and /ipcfile: documents written in Markdown (spec §2.1)', () => {
  it.each([
    [
      ProtocolPage,
      '/protocol',
      'VAP Console Service Agreement',
      'VAP 管理控制台服务协议',
      'VAP 管理控制台服務協議',
    ],
    [IpcfilePage, '/ipcfile', 'Camera quick-start guide', '摄像机快速入门指南', '攝影機快速入門指南'],
  ])(
    '%#: renders its Markdown in each language, with a way back to sign-up',
    async (Page, path, english, simplified, traditional) => {
      for (const [language, heading] of [
        ['en', english],
        ['zh-CN', simplified],
        ['zh-TW', traditional],
      ] as const) {
        await open(<Page />, path, {}, language);
        expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeTruthy();
        expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
        expect(screen.getByRole('link', { name: /sign-up|注册|註冊/ }).getAttribute('href')).toBe(
          '/register',
        );
        cleanup();
      }
    },
  );

  it('renders lists and tables of the Markdown as HTML', async () => {
    await open(<IpcfilePage />, '/ipcfile');
    await screen.findByRole('heading', { name: 'Camera quick-start guide', level: 1 });
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(3);
  });
});

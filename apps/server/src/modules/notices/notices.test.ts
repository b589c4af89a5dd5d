import { encodeListParam, type ListPage, type Message, type Notice } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../seed.js';
import { userIdOf } from '../../testing/accounts.js';
import { bearer, ENGINES, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { messages, noticeReads, notices } from './schema.js';
import { NoticeService } from './service.js';

const base64 = (list: unknown[]) => encodeURIComponent(encodeListParam(list));

describe.each(ENGINES)('notices and messages (spec §7.4) on %s', (engine) => {
  let t: TestApp;
  let service: NoticeService;
  let owner: { id: number; token: string };
  let operator: { id: number; token: string };

  blockApp(engine, async (app) => {
    t = app;
    service = new NoticeService(t.database.db);
    owner = { id: await userIdOf(t, TEST_DEMO.account), token: await t.signIn() };
    operator = { id: await userIdOf(t, DEMO_OPERATOR.phone), token: await t.signIn(DEMO_OPERATOR.phone) };
  });

  beforeEach(async () => {
    await t.database.db.delete(noticeReads);
    await t.database.db.delete(notices);
    await t.database.db.delete(messages);
  });

  const call = async (method: 'GET' | 'PUT', url: string, token = owner.token, language = 'en') =>
    t.app.inject({
      method,
      url: `/webapi${url}`,
      headers: { ...bearer(token), 'accept-language': language },
    });

  const publish = (title: string, content = '<p>body</p>') => service.publishNotice({ title, content });
  const send = async (userId: number, title: string) => {
    const sent = await service.sendMessage({ userId, title, content: `<p>${title}</p>` });
    if (!sent) throw new Error('not sent');
    return sent.id;
  };

  describe('notices', () => {
    it('lists every notice, newest first, with state 0 until the caller reads it', async () => {
      const first = await publish('First');
      const second = await publish('Second');
      const response = await call('GET', '/v1/ntc/notices');
      expect(response.statusCode).toBe(200);
      const page = response.json<ListPage<Notice>>();
      expect(page.total).toBe(2);
      expect(page.items.map((item) => [item.id, item.state])).toEqual([
        [second.id, 0],
        [first.id, 0],
      ]);
      expect(page.items[0]).toMatchObject({ title: 'Second', content: '<p>body</p>' });
      expect(new Date(page.items[0]?.published_at ?? '').getTime()).not.toBeNaN();
    });

    it('counts the unread ones per user, and reading one clears it for that user only', async () => {
      const notice = await publish('Maintenance tonight');
      await publish('New firmware');
      expect((await call('GET', '/v1/ntc/notices/count')).json()).toEqual({ unread: 2 });

      const read = await call('PUT', `/v1/ntc/notices/${notice.id}/read`);
      expect(read.statusCode).toBe(204);
      expect((await call('GET', '/v1/ntc/notices/count')).json()).toEqual({ unread: 1 });
      // Reading again changes nothing and is no error.
      expect((await call('PUT', `/v1/ntc/notices/${notice.id}/read`)).statusCode).toBe(204);
      expect((await call('GET', '/v1/ntc/notices/count')).json()).toEqual({ unread: 1 });
      // The operator has read nothing.
      expect((await call('GET', '/v1/ntc/notices/count', operator.token)).json()).toEqual({ unread: 2 });
      const mine = (await call('GET', '/v1/ntc/notices')).json<ListPage<Notice>>();
      expect(mine.items.find((item) => item.id === notice.id)?.state).toBe(1);
      const theirs = (await call('GET', '/v1/ntc/notices', operator.token)).json<ListPage<Notice>>();
      expect(theirs.items.find((item) => item.id === notice.id)?.state).toBe(0);
    });

    it('reading an unknown notice is 404 in the caller language, and a bad id is 400', async () => {
      const response = await call('PUT', '/v1/ntc/notices/999999/read');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'not_found', message: 'Not found' });
      expect((await call('PUT', '/v1/ntc/notices/abc/read')).statusCode).toBe(400);
      expect((await call('PUT', '/v1/ntc/notices/0/read')).statusCode).toBe(400);
    });

    it('filters by read state, title and publishing date, and pages', async () => {
      const a = await publish('升级通知 A');
      await publish('Holiday');
      const c = await publish('升级通知 C');
      await call('PUT', `/v1/ntc/notices/${a.id}/read`);

      const unread = (
        await call('GET', `/v1/ntc/notices?wheres=${base64([{ k: 'state', o: '=', v: 0 }])}`)
      ).json<ListPage<Notice>>();
      expect(unread.total).toBe(2);
      expect(unread.items.every((item) => item.state === 0)).toBe(true);

      const read = (
        await call('GET', `/v1/ntc/notices?wheres=${base64([{ k: 'state', o: '=', v: 1 }])}`)
      ).json<ListPage<Notice>>();
      expect(read.items.map((item) => item.id)).toEqual([a.id]);

      const titled = (
        await call('GET', `/v1/ntc/notices?wheres=${base64([{ k: 'title', o: 'like', v: '升级' }])}`)
      ).json<ListPage<Notice>>();
      expect(titled.items.map((item) => item.id)).toEqual([c.id, a.id]);

      // `%` is searched for literally, not as a wildcard.
      const literal = (
        await call('GET', `/v1/ntc/notices?wheres=${base64([{ k: 'title', o: 'like', v: '%' }])}`)
      ).json<ListPage<Notice>>();
      expect(literal.total).toBe(0);

      await t.database.db
        .update(notices)
        .set({ publishedAt: new Date('2024-03-10T08:00:00Z') })
        .where(eq(notices.id, a.id));
      const range = [
        { k: 'published_at', o: 'between', v: ['2024-03-01T00:00:00.000Z', '2024-03-31T23:59:59.999Z'] },
      ];
      const dated = (await call('GET', `/v1/ntc/notices?wheres=${base64(range)}`)).json<ListPage<Notice>>();
      expect(dated.items.map((item) => item.id)).toEqual([a.id]);

      const paged = (await call('GET', '/v1/ntc/notices?page=2&size=2')).json<ListPage<Notice>>();
      expect(paged.total).toBe(3);
      expect(paged.items.map((item) => item.id)).toEqual([a.id]);

      const sorted = (await call('GET', `/v1/ntc/notices?orders=${base64([{ k: 'title', o: 'asc' }])}`)).json<
        ListPage<Notice>
      >();
      expect(sorted.items.map((item) => item.title)).toEqual(['Holiday', '升级通知 A', '升级通知 C']);
    });

    it('refuses unknown filter keys, operators, values, sort keys and bad base64 with 400', async () => {
      const bad = [
        `wheres=${base64([{ k: 'user_id', o: '=', v: operator.id }])}`,
        `wheres=${base64([{ k: 'state', o: 'like', v: '0' }])}`,
        `wheres=${base64([{ k: 'state', o: '=', v: 5 }])}`,
        `wheres=${base64([{ k: 'published_at', o: 'between', v: ['soon', 'later'] }])}`,
        `wheres=${base64({ k: 'state' } as unknown as unknown[])}`,
        `orders=${base64([{ k: 'content', o: 'asc' }])}`,
        'wheres=%25%25not-base64%25%25',
        `wheres=${encodeURIComponent(btoa('[{"k":'))}`,
      ];
      for (const query of bad) {
        const response = await call('GET', `/v1/ntc/notices?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json(), query).toEqual({
          code: 'invalid_list_query',
          message: 'The list filter or sort order is invalid',
        });
      }
      expect((await call('GET', '/v1/ntc/notices?size=1000')).statusCode).toBe(400);
      expect((await call('GET', '/v1/ntc/notices?page=0')).statusCode).toBe(400);
      const chinese = await call('GET', `/v1/ntc/notices?${bad[0]}`, owner.token, 'zh-CN');
      expect(chinese.json<{ message: string }>().message).toBe('列表的筛选条件或排序无效');
    });

    it('stores notice HTML sanitised: no scripts, styles, event handlers or javascript: links', async () => {
      await publish(
        'Sanitised',
        [
          '<p onclick="alert(1)" style="color:red">Hello <strong>world</strong></p>',
          '<script>alert("x")</script><style>p{display:none}</style>',
          '<a href="javascript:alert(1)">bad</a> <a href="JaVaScRiPt&#58;alert(1)">encoded</a>',
          '<a href="https://vap.example.com/docs" onmouseover="steal()">docs</a>',
          '<img src="x" onerror="alert(1)"><img src="https://cdn.example.com/a.png" alt="a">',
          '<iframe src="https://evil.example.com"></iframe><svg onload="alert(1)"></svg>',
        ].join(''),
      );
      const [stored] = await t.database.db.select({ content: notices.content }).from(notices);
      const html = stored?.content ?? '';
      expect(html).not.toMatch(
        /<script|<style|<iframe|<svg|javascript:|onclick|onerror|onmouseover|onload|style=/i,
      );
      expect(html).not.toContain('alert(');
      expect(html).toContain('<p>Hello <strong>world</strong></p>');
      expect(html).toContain(
        '<a target="_blank" rel="noopener noreferrer" href="https://vap.example.com/docs">docs</a>',
      );
      expect(html).toContain('<img src="https://cdn.example.com/a.png" alt="a">');
      // What the API answers is the stored, sanitised body.
      const listed = (await call('GET', '/v1/ntc/notices')).json<ListPage<Notice>>();
      expect(listed.items[0]?.content).toBe(html);
    });

    it('needs a signed-in caller', async () => {
      for (const url of [
        '/v1/ntc/notices',
        '/v1/ntc/notices/count',
        '/v1/ntc/messages',
        '/v1/ntc/messages/count',
      ]) {
        const response = await t.app.inject({ method: 'GET', url: `/webapi${url}` });
        expect(response.statusCode, url).toBe(401);
      }
      const response = await t.app.inject({ method: 'PUT', url: '/webapi/v1/ntc/messages/read_all' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('messages', () => {
    it("lists only the caller's own messages, newest first", async () => {
      const mine1 = await send(owner.id, 'Verification approved');
      const mine2 = await send(owner.id, 'Password changed');
      await send(operator.id, 'Operator only');
      const page = (await call('GET', '/v1/ntc/messages')).json<ListPage<Message>>();
      expect(page.total).toBe(2);
      expect(page.items.map((item) => item.id)).toEqual([mine2, mine1]);
      expect(page.items[0]).toMatchObject({ kind: 'system', state: 0, content: '<p>Password changed</p>' });
    });

    it('counts with the unread filter of the dot, and filters the list by state, title and kind', async () => {
      const read = await send(owner.id, 'Old news');
      await send(owner.id, 'Fresh news');
      await send(operator.id, 'Not mine');
      await t.database.db.update(messages).set({ state: 1 }).where(eq(messages.id, read));
      const unreadFilter = base64([{ k: 'state', o: '=', v: 0 }]);
      expect((await call('GET', `/v1/ntc/messages/count?wheres=${unreadFilter}`)).json()).toEqual({
        count: 1,
      });
      expect((await call('GET', '/v1/ntc/messages/count')).json()).toEqual({ count: 2 });
      const unread = (await call('GET', `/v1/ntc/messages?wheres=${unreadFilter}`)).json<ListPage<Message>>();
      expect(unread.items.map((item) => item.title)).toEqual(['Fresh news']);
      const titled = (
        await call('GET', `/v1/ntc/messages?wheres=${base64([{ k: 'title', o: 'like', v: 'old' }])}`)
      ).json<ListPage<Message>>();
      expect(titled.items.map((item) => item.id)).toEqual([read]);
      const kind = (
        await call('GET', `/v1/ntc/messages?wheres=${base64([{ k: 'kind', o: '=', v: 'security' }])}`)
      ).json<ListPage<Message>>();
      expect(kind.total).toBe(0);
      const bad = await call(
        'GET',
        `/v1/ntc/messages/count?wheres=${base64([{ k: 'user_id', o: '=', v: 1 }])}`,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ code: string }>().code).toBe('invalid_list_query');
    });

    it("marks one read; another user's message is 404 and stays unread", async () => {
      const mine = await send(owner.id, 'Mine');
      const theirs = await send(operator.id, 'Theirs');
      expect((await call('PUT', `/v1/ntc/messages/${mine}/read`)).statusCode).toBe(204);
      expect((await call('PUT', `/v1/ntc/messages/${mine}/read`)).statusCode).toBe(204);
      const foreign = await call('PUT', `/v1/ntc/messages/${theirs}/read`);
      expect(foreign.statusCode).toBe(404);
      // The same answer as for a message that does not exist: nothing is revealed.
      const missing = await call('PUT', '/v1/ntc/messages/2147483000/read');
      expect(missing.json()).toEqual(foreign.json());
      const [row] = await t.database.db.select().from(messages).where(eq(messages.id, theirs));
      expect(row?.state).toBe(0);
      const [own] = await t.database.db.select().from(messages).where(eq(messages.id, mine));
      expect(own?.state).toBe(1);
    });

    it("read_all marks every unread message of the caller and no one else's", async () => {
      await send(owner.id, 'One');
      await send(owner.id, 'Two');
      const theirs = await send(operator.id, 'Theirs');
      const response = await call('PUT', '/v1/ntc/messages/read_all');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ updated: 2 });
      const unreadFilter = base64([{ k: 'state', o: '=', v: 0 }]);
      expect((await call('GET', `/v1/ntc/messages/count?wheres=${unreadFilter}`)).json()).toEqual({
        count: 0,
      });
      const [row] = await t.database.db.select().from(messages).where(eq(messages.id, theirs));
      expect(row?.state).toBe(0);
      expect((await call('PUT', '/v1/ntc/messages/read_all')).json()).toEqual({ updated: 0 });
    });

    it('message bodies are sanitised too', async () => {
      await service.sendMessage({
        userId: owner.id,
        title: 'x',
        content: '<b onclick="x()">hi</b><script>x()</script>',
      });
      const page = (await call('GET', '/v1/ntc/messages')).json<ListPage<Message>>();
      expect(page.items[0]?.content).toBe('<b>hi</b>');
    });
  });
});

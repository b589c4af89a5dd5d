import { userInfoSchema } from '@vap/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, users } from '../../core/db/schema.js';
import { DEMO_OPERATOR, md5Hex } from '../../seed.js';
import { addAccount } from '../../testing/accounts.js';
import { bearer, ENGINES, TEST_DEMO, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';

describe.each(ENGINES)('own account on %s', (engine) => {
  let t: TestApp;
  blockApp(engine, (app) => (t = app));

  const inject = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const userInfo = async (token: string) => {
    const response = await inject('GET', '/v1/pms/user', token);
    expect(response.statusCode).toBe(200);
    return userInfoSchema.parse(response.json());
  };

  describe('PUT /v1/pms/user (profile)', () => {
    it('saves the trimmed nickname and remark, and user info shows them', async () => {
      const { token } = await addAccount(t, { company: 'demo', roleId: 0 });
      const response = await inject('PUT', '/v1/pms/user', token, { nickname: ' 张三丰 ', remark: ' 值班 ' });
      expect(response.statusCode).toBe(204);
      const info = await userInfo(token);
      expect(info).toMatchObject({ nickname: '张三丰', remark: '值班' });
    });

    it('refuses a nickname that is not 2 to 10 Chinese characters, with the validator message', async () => {
      const { token } = await addAccount(t);
      const response = await inject('PUT', '/v1/pms/user', token, { nickname: 'Bob' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        fields: { nickname: expect.any(String) },
      });
    });

    it('refuses a malformed email and a remark over 200 characters', async () => {
      const { token } = await addAccount(t);
      expect(
        (await inject('PUT', '/v1/pms/user', token, { nickname: '张三', email: 'nope' })).statusCode,
      ).toBe(400);
      const long = await inject('PUT', '/v1/pms/user', token, { nickname: '张三', remark: 'x'.repeat(201) });
      expect(long.statusCode).toBe(400);
    });

    it('accepts a new email only when no other account uses it (any case)', async () => {
      const { token } = await addAccount(t);
      const taken = await inject('PUT', '/v1/pms/user', token, {
        nickname: '张三',
        email: TEST_DEMO.email.toUpperCase(),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('email_taken');
      const free = await inject('PUT', '/v1/pms/user', token, {
        nickname: '张三',
        email: 'New.Person@Example.com',
      });
      expect(free.statusCode).toBe(204);
      expect((await userInfo(token)).email).toBe('new.person@example.com');
    });

    it('never changes the phone', async () => {
      const { token, phone } = await addAccount(t);
      await inject('PUT', '/v1/pms/user', token, { nickname: '张三', phone: '13999999999' });
      expect((await userInfo(token)).phone).toBe(phone);
    });

    it('needs a signed-in user', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/webapi/v1/pms/user',
        payload: { nickname: '张三' },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('password', () => {
    it('PUT changes it, revokes the other sessions and keeps this one until logout', async () => {
      const { phone, token } = await addAccount(t, { password: 'old-pass-1' });
      const other = await t.signIn(phone, 'old-pass-1');
      const response = await inject('PUT', '/v1/pms/user/password', token, {
        old_password: md5Hex('old-pass-1'),
        new_password: md5Hex('new-pass-2'),
      });
      expect(response.statusCode).toBe(204);
      expect((await inject('GET', '/v1/pms/user', other)).statusCode).toBe(401);
      expect((await inject('GET', '/v1/pms/user', token)).statusCode).toBe(200);
      await expect(t.signIn(phone, 'old-pass-1')).rejects.toThrow();
      expect(await t.signIn(phone, 'new-pass-2')).toBeTruthy();
    });

    it('PUT with a wrong old password is a 400 with a message, and changes nothing', async () => {
      const { phone, token } = await addAccount(t, { password: 'old-pass-1' });
      const response = await inject('PUT', '/v1/pms/user/password', token, {
        old_password: md5Hex('not-it'),
        new_password: md5Hex('new-pass-2'),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'wrong_old_password', message: '原密码错误' });
      expect(await t.signIn(phone, 'old-pass-1')).toBeTruthy();
    });

    it('PUT refuses passwords that are not md5 digests', async () => {
      const { token } = await addAccount(t);
      const response = await inject('PUT', '/v1/pms/user/password', token, {
        old_password: 'account-pass',
        new_password: 'plain',
      });
      expect(response.statusCode).toBe(400);
    });

    it('PUT on an account without a password is a 409 (use POST)', async () => {
      const { token } = await addAccount(t, { password: null });
      const response = await inject('PUT', '/v1/pms/user/password', token, {
        old_password: md5Hex('x'),
        new_password: md5Hex('new-pass-2'),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('password_not_set');
    });

    it('POST sets the first password only while there is none', async () => {
      const { phone, token } = await addAccount(t, { password: null });
      expect((await userInfo(token)).is_password_empty).toBe(true);
      const set = await inject('POST', '/v1/pms/user/password', token, { password: md5Hex('first-pass') });
      expect(set.statusCode).toBe(204);
      expect((await userInfo(token)).is_password_empty).toBe(false);
      expect(await t.signIn(phone, 'first-pass')).toBeTruthy();
      const again = await inject('POST', '/v1/pms/user/password', token, { password: md5Hex('other-pass') });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('password_already_set');
    });
  });

  describe('POST /v1/pms/user/companies (company completion)', () => {
    it('a user without company holds no role and no menu, then creates a company and becomes its owner', async () => {
      const { token, userId } = await addAccount(t, { company: 'none' });
      const before = await userInfo(token);
      expect(before).toMatchObject({ company: null, role_id: null, menus: {} });
      const response = await inject('POST', '/v1/pms/user/companies', token, {
        name: '新建（上海）科技有限公司',
        title: ' 新建 ',
      });
      expect(response.statusCode).toBe(201);
      const info = await userInfo(token);
      expect(info.role_id).toBe(0);
      expect(info.company).toMatchObject({
        id: response.json().id,
        name: '新建（上海）科技有限公司',
        title: '新建',
        verify_status: 0,
      });
      const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(user?.companyId).toBe(response.json().id);
    });

    it('refuses a name that fails the company-name validator or is over 100 characters', async () => {
      const { token } = await addAccount(t, { company: 'none' });
      for (const name of ['Acme Ltd', '公司', '公'.repeat(101), '新建(上海)科技']) {
        const response = await inject('POST', '/v1/pms/user/companies', token, { name });
        expect(response.statusCode, name).toBe(400);
      }
    });

    it('refuses a user who already has a company', async () => {
      const { token } = await addAccount(t, { company: 'demo', roleId: 0 });
      const response = await inject('POST', '/v1/pms/user/companies', token, { name: '另一家科技有限公司' });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('company_exists');
      const count = await t.database.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.name, '另一家科技有限公司'));
      expect(count).toHaveLength(0);
    });
  });

  it('the demo operator (not the owner) may still edit their own profile', async () => {
    const token = await t.signIn(DEMO_OPERATOR.phone);
    expect((await inject('PUT', '/v1/pms/user', token, { nickname: '运维小王' })).statusCode).toBe(204);
  });
});

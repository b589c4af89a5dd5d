import { DEVICE_PATHS, encodeListParam, verifyResultSchema } from '@vap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, type TestApp } from '../../testing/harness.js';
import { addUnits, bind, call } from './test-support.js';
import { VERIFY_LIMIT } from './verify.js';

describe.each(ENGINES)('device verification and binding records on %s', (engine) => {
  let t: TestApp;
  let owner: Record<string, string>;

  beforeAll(async () => {
    // The app's clock starts at a rate-limit window's start, so that the limit's hits all fall in
    // one window (on the wall clock, a minute's turn among them would start a fresh count).
    const started = Date.now();
    const windowStart = started - (started % VERIFY_LIMIT.windowMs);
    t = await createTestApp(engine, { clock: () => windowStart + (Date.now() - started) });
    owner = bearer(await t.signIn());
  });
  afterAll(() => t.close());

  const verify = (code: string, headers = owner) => call(t, 'POST', DEVICE_PATHS.verify, headers, { code });

  it('tells a genuine unit by serial or device code, and whether it is bindable, bound here or elsewhere', async () => {
    const [free, mine, theirs] = await addUnits(t, 3, 'nvr');
    if (!free || !mine || !theirs) throw new Error('no units');
    await bind(t, owner, mine);
    const rival = await addAccount(t, { company: 'own', verifyStatus: 2 });
    await bind(t, rival.headers, theirs);
    const bySerial = await verify(free.sn);
    expect(bySerial.statusCode, bySerial.body).toBe(200);
    expect(verifyResultSchema.parse(bySerial.json())).toEqual({
      genuine: true,
      sn: free.sn,
      model: free.model,
      kind: 'nvr',
      production_date: free.productionDate,
      state: 'bindable',
    });
    expect((await verify(mine.deviceCode.toLowerCase())).json()).toMatchObject({
      sn: mine.sn,
      state: 'bound_here',
    });
    const elsewhere = await verify(theirs.sn);
    expect(elsewhere.json()).toMatchObject({ state: 'bound_elsewhere' });
    expect(elsewhere.body).not.toContain('测试科技有限公司');
    expect((await verify(`${free.sn.slice(0, 13)}9999999`)).json()).toEqual({ genuine: false });
    expect((await verify('not-a-code')).statusCode).toBe(400);
  });

  it('is rate-limited per user (429 too_many_requests)', async () => {
    const user = await addAccount(t, { company: 'own', verifyStatus: 2 });
    const [unit] = await addUnits(t);
    for (let i = 0; i < VERIFY_LIMIT.max; i++)
      expect((await verify(unit?.sn ?? '', user.headers)).statusCode).toBe(200);
    const refused = await verify(unit?.sn ?? '', user.headers);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'too_many_requests']);
    expect((await verify(unit?.sn ?? '')).statusCode).toBe(200);
  });

  it('lists the binding records with filters, newest first', async () => {
    const [unit] = await addUnits(t);
    if (!unit) throw new Error('no unit');
    const device = await bind(t, owner, unit, { name: '记录设备' });
    await call(t, 'PATCH', DEVICE_PATHS.device(device.id), owner, { name: '记录改名' });
    const url = (wheres: object[]) =>
      `${DEVICE_PATHS.bindRecords}?wheres=${encodeURIComponent(encodeListParam(wheres))}`;
    const bySn = await call(t, 'GET', url([{ k: 'sn', o: '=', v: unit.sn }]), owner);
    expect(bySn.statusCode, bySn.body).toBe(200);
    expect(bySn.json()).toMatchObject({
      total: 2,
      items: [
        {
          action: 'rename',
          before: '记录设备',
          after: '记录改名',
          source: 'console',
          operator_name: '演示管理员',
        },
        { action: 'bind', after: '记录设备' },
      ],
    });
    const renames = await call(
      t,
      'GET',
      url([
        { k: 'sn', o: 'like', v: unit.sn.slice(-8) },
        { k: 'action', o: '=', v: 'rename' },
        { k: 'created_at', o: 'between', v: ['2020-01-01T00:00:00Z', '2100-01-01T00:00:00Z'] },
      ]),
      owner,
    );
    expect(renames.json().total).toBe(1);
    // The remembered total follows the next change.
    await call(t, 'PATCH', DEVICE_PATHS.device(device.id), owner, { name: '再改名' });
    expect((await call(t, 'GET', url([{ k: 'sn', o: '=', v: unit.sn }]), owner)).json().total).toBe(3);
  });
});

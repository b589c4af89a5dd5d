/**
 * Internet telephony's console side (issue 33; spec §2.3 voip_*, §3, §5.5, §5.7, §8): extensions
 * with their digest credentials and a password answered once, dial ids unique across extensions
 * and call centers of a company, device phones within the caller's groups, the all-or-nothing
 * import, call centers with their agents in order, the dial records' filters and export limit,
 * status from Kamailio's registrations (live only on PostgreSQL with a SIP server), the product
 * flag, the buttons of the role, and tenants that never see or touch each other's rows.
 */
import {
  encodeListParam,
  type ListPage,
  LOG_EXPORT_MAX_ROWS,
  VOIP_PATHS,
  type VoipCallCenter,
  type VoipCredentials,
  type VoipDialRecord,
  type VoipExtension,
  type VoipImportResult,
} from '@vap/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../core/audit/schema.js';
import { devices } from '../../core/db/devices.js';
import { companies, roles, users } from '../../core/db/schema.js';
import { addAccount, addMember, multipart } from '../../testing/accounts.js';
import { bearer, createTestApp, ENGINES, type Engine, type TestApp } from '../../testing/harness.js';
import { sheetOf } from '../../testing/xlsx-answers.js';
import { digestCredentials } from './domain.js';
import { addressOfUri } from './registrations.js';
import { kamLocation, voipDialRecords, voipExtensions } from './schema.js';

const SIP_SERVER = 'udp:127.0.0.1:5060';
const SIP_WEBSOCKET = 'ws://127.0.0.1:8088';
const api = (path: string) => `/webapi${path}`;

/** A workbook of the import's columns (the header first). */
async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('phones');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function suite(engine: Engine, sipServer: string | undefined) {
  let t: TestApp;
  let owner: string;
  let companyId: number;
  let sns: string[];
  let groupedSn: string;
  let ungroupedSn: string;
  let groupId: number;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    token = owner,
    payload?: object,
    language = 'en',
  ) =>
    t.app.inject({
      method,
      url: api(path),
      headers: { ...bearer(token), 'accept-language': language },
      ...(payload ? { payload } : {}),
    });
  const ok = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object,
    token = owner,
  ) => {
    const response = await call(method, path, token, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };
  const list = <T>(path: string, wheres: object[] = [], token = owner) =>
    ok<ListPage<T>>(
      'GET',
      `${path}?page=1&size=100${wheres.length ? `&wheres=${encodeURIComponent(encodeListParam(wheres))}` : ''}`,
      undefined,
      token,
    );
  const importFile = (file: Buffer, token = owner, name = 'phones.xlsx') => {
    const form = multipart({}, file, '----voip', name);
    return t.app.inject({
      method: 'POST',
      url: api(VOIP_PATHS.devicePhonesImport),
      headers: { ...bearer(token), 'content-type': form.contentType, 'accept-language': 'en' },
      payload: form.body,
    });
  };
  const addAgent = (dialId: string, displayName = '') =>
    ok<VoipCredentials>('POST', VOIP_PATHS.agentPhones, { dial_id: dialId, display_name: displayName });
  const center = (dialId: string, agents: number[], extra: object = {}) => ({
    dial_id: dialId,
    name: `Center ${dialId}`,
    strategy: 'top_down',
    max_wait: 0,
    ring_timeout: 15,
    delay_no_answer: 30,
    delay_busy: 60,
    delay_reject: 120,
    agents,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(engine, sipServer ? { voip: { sipServer, sipWebSocket: SIP_WEBSOCKET } } : {});
    owner = await t.signIn();
    const [company] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.voip, 0))
      .limit(1);
    companyId = company?.id ?? -1;
    const own = await t.database.db
      .select({ sn: devices.sn, groupId: devices.groupId })
      .from(devices)
      .where(eq(devices.companyId, companyId))
      .orderBy(devices.id);
    sns = own.map((device) => device.sn);
    ungroupedSn = own.find((device) => device.groupId === null)?.sn ?? '';
    const grouped = await t.database.db
      .select({ sn: devices.sn, groupId: devices.groupId })
      .from(devices)
      .where(and(eq(devices.companyId, companyId), isNotNull(devices.groupId)))
      .limit(1);
    groupedSn = grouped[0]?.sn ?? '';
    groupId = grouped[0]?.groupId ?? -1;
    expect(sns.length).toBeGreaterThan(5);
    expect(ungroupedSn).not.toBe('');
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a device phone bound to a device: its password is answered once, only its HA1 digests are stored', async () => {
    const sn = ungroupedSn;
    const made = await ok<VoipCredentials>('POST', VOIP_PATHS.devicePhones, {
      dial_id: 'gate-01',
      device_sn: sn,
      display_name: 'North gate',
    });
    expect(made.password).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(made.extension).toMatchObject({
      kind: 'device',
      dial_id: 'gate-01',
      domain: `c${companyId}.sip.localhost`,
      device_sn: sn,
      display_name: 'North gate',
      call_centers: [],
    });
    expect(made.server).toBe(sipServer ?? null);
    const [row] = await t.database.db
      .select()
      .from(voipExtensions)
      .where(eq(voipExtensions.id, made.extension.id));
    expect(row).toMatchObject(digestCredentials('gate-01', `c${companyId}.sip.localhost`, made.password));
    expect(JSON.stringify(row)).not.toContain(made.password);
    const listed = await list<VoipExtension>(VOIP_PATHS.devicePhones);
    expect(listed.items.map((item) => item.dial_id)).toContain('gate-01');
    expect(JSON.stringify(listed)).not.toContain(made.password);
    // The audit entry says what was made, never the password.
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'voip.extension.create'));
    expect(JSON.stringify(entries)).not.toContain(made.password);
    expect(JSON.stringify(entries)).not.toContain(row?.ha1 ?? 'ha1');
  });

  it('takes a given password of 6–20 letters and digits and refuses other dial ids and passwords (spec §5.5)', async () => {
    const made = await addAgent('agent.100', 'Alice');
    expect(made.password).toHaveLength(12);
    const given = await ok<VoipCredentials>('POST', VOIP_PATHS.agentPhones, {
      dial_id: 'agent_101',
      password: 'abc123',
    });
    expect(given.password).toBe('abc123');
    for (const body of [
      { dial_id: 'a12' },
      { dial_id: 'a'.repeat(21) },
      { dial_id: 'bad id' },
      { dial_id: '分机10001' },
      { dial_id: 'agent_102', password: 'abc12' },
      { dial_id: 'agent_102', password: 'a'.repeat(21) },
      { dial_id: 'agent_102', password: 'abc-123' },
      { dial_id: 'agent_102', display_name: 'x'.repeat(51) },
    ]) {
      const response = await call('POST', VOIP_PATHS.agentPhones, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses a dial id another extension or call center of the company has, 409 with a translated message', async () => {
    const taken = await call('POST', VOIP_PATHS.agentPhones, owner, { dial_id: 'gate-01' });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'voip_dial_id_taken']);
    expect(taken.json().message).toBe(
      'This dial id is already used by an extension or a call center of your company',
    );
    const zh = await call('POST', VOIP_PATHS.agentPhones, owner, { dial_id: 'gate-01' }, 'zh-CN');
    expect(zh.json().message).toBe('该号码已被本企业的分机或呼叫中心使用');
    const center = await call('POST', VOIP_PATHS.callCenters, owner, { ...centerOf('agent.100') });
    expect([center.statusCode, center.json().code]).toEqual([409, 'voip_dial_id_taken']);
    await ok('POST', VOIP_PATHS.callCenters, centerOf('80000'));
    const phone = await call('POST', VOIP_PATHS.agentPhones, owner, { dial_id: '80000' });
    expect([phone.statusCode, phone.json().code]).toEqual([409, 'voip_dial_id_taken']);
  });
  const centerOf = (dialId: string) => center(dialId, []);

  it('refuses binding a device phone to a device that is not the caller’s', async () => {
    const other = await addAccount(t, { company: 'own' });
    await t.database.db
      .update(companies)
      .set({ voip: 0 })
      .where(eq(companies.id, other.companyId ?? -1));
    const response = await call('POST', VOIP_PATHS.devicePhones, other.token, {
      dial_id: 'gate-77',
      device_sn: sns[1],
    });
    expect([response.statusCode, response.json().code]).toEqual([404, 'device_unknown']);
  });

  it('adds a call center with agents in order, lists them in order, and each agent lists its call centers', async () => {
    const a = await addAgent('agent.200', 'Bob');
    const b = await addAgent('agent.201', 'Carol');
    const given = center('81000', [b.extension.id, a.extension.id]);
    const made = await ok<VoipCallCenter>('POST', VOIP_PATHS.callCenters, given);
    // Its settings as given: dial id, name, strategy, waits and delays (the agents are checked below).
    const { agents: _agents, ...settings } = given;
    expect(made).toMatchObject(settings);
    expect(made.agents.map((agent) => agent.dial_id)).toEqual(['agent.201', 'agent.200']);
    const centers = await list<VoipCallCenter>(VOIP_PATHS.callCenters, [
      { k: 'dial_id', o: 'like', v: '81000' },
    ]);
    expect(centers.items.map((item) => item.agents.map((agent) => agent.dial_id))).toEqual([
      ['agent.201', 'agent.200'],
    ]);
    const edited = await ok<VoipCallCenter>(
      'PUT',
      VOIP_PATHS.callCenter(made.id),
      center('81010', [a.extension.id, b.extension.id], {
        strategy: 'round_robin',
        max_wait: 600,
        ring_timeout: 60,
      }),
    );
    expect(edited.agents.map((agent) => agent.dial_id)).toEqual(['agent.200', 'agent.201']);
    expect(edited).toMatchObject({
      dial_id: '81010',
      strategy: 'round_robin',
      max_wait: 600,
      ring_timeout: 60,
    });
    const agents = await list<VoipExtension>(VOIP_PATHS.agentPhones, [
      { k: 'dial_id', o: 'like', v: 'agent.20' },
    ]);
    expect(agents.items.map((agent) => [agent.dial_id, agent.call_centers.map((c) => c.dial_id)])).toEqual(
      expect.arrayContaining([
        ['agent.200', ['81010']],
        ['agent.201', ['81010']],
      ]),
    );
  });

  it('checks the call center’s §5.5 bounds and that its agents are agent phones of the company', async () => {
    const device = (await list<VoipExtension>(VOIP_PATHS.devicePhones)).items[0];
    for (const [body, code] of [
      [center('82000', [], { max_wait: 601 }), 'validation_failed'],
      [center('82000', [], { max_wait: -1 }), 'validation_failed'],
      [center('82000', [], { ring_timeout: 0 }), 'validation_failed'],
      [center('82000', [], { ring_timeout: 61 }), 'validation_failed'],
      [center('82000', [], { delay_busy: 3601 }), 'validation_failed'],
      [center('82000', [], { strategy: 'loudest' }), 'validation_failed'],
      [center('82000', [1, 1]), 'validation_failed'],
      [center('82000', [device?.id ?? 0]), 'voip_agent_unknown'],
      [center('82000', [2_000_000_000]), 'voip_agent_unknown'],
    ] as const) {
      const response = await call('POST', VOIP_PATHS.callCenters, owner, body);
      expect([response.statusCode, response.json().code], JSON.stringify(body)).toEqual([400, code]);
    }
    // 0 is unlimited, 600 the most; ring time 1 and 60 both ends.
    await ok('POST', VOIP_PATHS.callCenters, center('82010', [], { max_wait: 0, ring_timeout: 1 }));
    await ok('POST', VOIP_PATHS.callCenters, center('82020', [], { max_wait: 600, ring_timeout: 60 }));
  });

  it('resets a password: a new one answered once, the HA1 follows it', async () => {
    const made = await addAgent('agent.300');
    const reset = await ok<VoipCredentials>('POST', VOIP_PATHS.agentPhonePassword(made.extension.id), {});
    expect(reset.password).not.toBe(made.password);
    const chosen = await ok<VoipCredentials>('POST', VOIP_PATHS.agentPhonePassword(made.extension.id), {
      password: 'Secret99',
    });
    expect(chosen.password).toBe('Secret99');
    const [row] = await t.database.db
      .select()
      .from(voipExtensions)
      .where(eq(voipExtensions.id, made.extension.id));
    expect(row?.ha1).toBe(digestCredentials('agent.300', row?.domain ?? '', 'Secret99').ha1);
    // A device phone's reset is the device phone page's, not the agent page's.
    expect(
      (await call('POST', VOIP_PATHS.devicePhonePassword(made.extension.id), owner, {})).statusCode,
    ).toBe(404);
  });

  it('edits and deletes an agent phone; deleting it takes it out of its call centers', async () => {
    const made = await addAgent('agent.400');
    const centerMade = await ok<VoipCallCenter>(
      'POST',
      VOIP_PATHS.callCenters,
      center('84000', [made.extension.id]),
    );
    const edited = await ok<VoipExtension>('PUT', VOIP_PATHS.agentPhone(made.extension.id), {
      display_name: 'Dora',
    });
    expect(edited.display_name).toBe('Dora');
    expect((await call('DELETE', VOIP_PATHS.agentPhone(made.extension.id))).statusCode).toBe(204);
    const after = await list<VoipCallCenter>(VOIP_PATHS.callCenters, [
      { k: 'dial_id', o: 'like', v: '84000' },
    ]);
    expect(after.items.find((item) => item.id === centerMade.id)?.agents).toEqual([]);
    expect((await call('DELETE', VOIP_PATHS.agentPhone(made.extension.id))).statusCode).toBe(404);
    expect((await call('DELETE', VOIP_PATHS.callCenter(centerMade.id))).statusCode).toBe(204);
    expect((await call('DELETE', VOIP_PATHS.callCenter(centerMade.id))).statusCode).toBe(404);
  });

  it('imports device phones from a workbook: its template, then all rows or none', async () => {
    const template = await call('GET', VOIP_PATHS.devicePhonesTemplate);
    expect(template.statusCode).toBe(200);
    expect((await sheetOf(template.rawPayload)).rows[0]).toEqual([
      'dial_id',
      'device_sn',
      'display_name',
      'password',
    ]);
    const header = ['dial_id', 'device_sn', 'display_name', 'password'];
    const bad = await importFile(
      await workbook([
        header,
        ['door-01', sns[2] ?? '', 'Door', ''],
        ['', sns[3] ?? '', '', ''],
        ['x1', sns[3] ?? '', '', ''],
        ['door-02', sns[3] ?? '', '', 'short'],
        ['door-03', 'NO-SUCH-DEVICE', '', ''],
        ['gate-01', sns[4] ?? '', '', ''],
        ['door-01', sns[4] ?? '', '', ''],
        ['door-04', sns[4] ?? '', 'y'.repeat(51), ''],
      ]),
    );
    expect(bad.statusCode, bad.body).toBe(200);
    const refused = bad.json<VoipImportResult>();
    expect(refused.imported).toEqual([]);
    expect(refused.rows).toBe(8);
    expect(refused.errors).toEqual([
      { row: 3, dial_id: '', code: 'missing' },
      { row: 4, dial_id: 'x1', code: 'dial_id_format' },
      { row: 5, dial_id: 'door-02', code: 'password_format' },
      { row: 6, dial_id: 'door-03', code: 'device_unknown' },
      { row: 7, dial_id: 'gate-01', code: 'dial_id_taken' },
      { row: 8, dial_id: 'door-01', code: 'duplicate' },
      { row: 9, dial_id: 'door-04', code: 'display_name_format' },
    ]);
    // Nothing half-imported: the good row 2 was not added either.
    expect(
      (await list<VoipExtension>(VOIP_PATHS.devicePhones, [{ k: 'dial_id', o: 'like', v: 'door-' }])).total,
    ).toBe(0);
    const good = await importFile(
      await workbook([
        header,
        ['door-01', sns[2] ?? '', 'Door', ''],
        ['door-02', sns[3] ?? '', '', 'Pass1234'],
      ]),
    );
    const imported = good.json<VoipImportResult>();
    expect(imported.errors).toEqual([]);
    expect(imported.imported.map((row) => row.dial_id)).toEqual(['door-01', 'door-02']);
    expect(imported.imported[1]?.password).toBe('Pass1234');
    expect(imported.imported[0]?.password).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(
      (await list<VoipExtension>(VOIP_PATHS.devicePhones, [{ k: 'dial_id', o: 'like', v: 'door-' }])).total,
    ).toBe(2);
    const empty = await importFile(await workbook([header]));
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'no_device']);
    const notSheet = await importFile(Buffer.from('not a workbook'), owner, 'phones.txt');
    expect([notSheet.statusCode, notSheet.json().code]).toEqual([400, 'import_file_invalid']);
  });

  it('a member without all-group access sees and binds only device phones of devices in their groups', async () => {
    const member = await addMember(t, companyId, { voip_device_phone: ['add', 'edit', 'delete'] });
    const [role] = await t.database.db
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.id, member.userId));
    await t.database.db
      .update(roles)
      .set({ isAccessAllGroup: false, groupIds: [groupId] })
      .where(eq(roles.id, role?.roleId ?? -1));
    const inGroup = new Set(
      (
        await t.database.db
          .select({ sn: devices.sn })
          .from(devices)
          .where(and(eq(devices.companyId, companyId), eq(devices.groupId, groupId)))
      ).map((device) => device.sn),
    );
    const outside = sns.find((sn) => !inGroup.has(sn)) ?? '';
    const shown = await list<VoipExtension>(VOIP_PATHS.devicePhones, [], member.token);
    expect(shown.items.every((item) => inGroup.has(item.device_sn ?? ''))).toBe(true);

    const refused = await call('POST', VOIP_PATHS.devicePhones, member.token, {
      dial_id: 'm-outside',
      device_sn: outside,
    });
    expect(refused.statusCode).toBe(404);
    const inside = await call('POST', VOIP_PATHS.devicePhones, member.token, {
      dial_id: 'm-inside',
      device_sn: groupedSn,
    });
    expect(inside.statusCode, inside.body).toBe(201);
    const gate = (
      await list<VoipExtension>(VOIP_PATHS.devicePhones, [{ k: 'dial_id', o: 'like', v: 'gate-01' }])
    ).items[0];
    expect((await call('DELETE', VOIP_PATHS.devicePhone(gate?.id ?? 0), member.token)).statusCode).toBe(404);
  });

  it("another company's rows are never listed, edited, reset or deleted", async () => {
    const other = await addAccount(t, { company: 'own' });
    await t.database.db
      .update(companies)
      .set({ voip: 0 })
      .where(eq(companies.id, other.companyId ?? -1));
    const mine = (await list<VoipExtension>(VOIP_PATHS.agentPhones)).items[0];
    const myCenter = (await list<VoipCallCenter>(VOIP_PATHS.callCenters)).items[0];
    expect((await list<VoipExtension>(VOIP_PATHS.agentPhones, [], other.token)).total).toBe(0);
    expect((await list<VoipExtension>(VOIP_PATHS.devicePhones, [], other.token)).total).toBe(0);
    expect((await list<VoipCallCenter>(VOIP_PATHS.callCenters, [], other.token)).total).toBe(0);
    for (const [method, path, body] of [
      ['PUT', VOIP_PATHS.agentPhone(mine?.id ?? 0), { display_name: 'x' }],
      ['POST', VOIP_PATHS.agentPhonePassword(mine?.id ?? 0), {}],
      ['DELETE', VOIP_PATHS.agentPhone(mine?.id ?? 0), undefined],
      ['PUT', VOIP_PATHS.callCenter(myCenter?.id ?? 0), center('99999', [])],
      ['DELETE', VOIP_PATHS.callCenter(myCenter?.id ?? 0), undefined],
    ] as const) {
      expect((await call(method, path, other.token, body)).statusCode, `${method} ${path}`).toBe(404);
    }
    // Another company's agent cannot be put in one's call center, and the same dial id is free there.
    const theirs = await ok<VoipCredentials>(
      'POST',
      VOIP_PATHS.agentPhones,
      { dial_id: 'agent.100' },
      other.token,
    );
    expect(theirs.extension.domain).toBe(`c${other.companyId}.sip.localhost`);
    const stolen = await call('POST', VOIP_PATHS.callCenters, owner, center('85000', [theirs.extension.id]));
    expect([stolen.statusCode, stolen.json().code]).toEqual([400, 'voip_agent_unknown']);
    // Its dial records are its own.
    await t.database.db.insert(voipDialRecords).values({
      companyId: other.companyId ?? -1,
      callId: 'theirs-1',
      caller: 'agent.100',
      callee: '80000',
      startedAt: new Date(),
      endedAt: new Date(),
      result: 'no_answer',
    });
    const records = await list<VoipDialRecord>(VOIP_PATHS.dialRecords);
    expect(records.items.some((record) => record.caller === 'agent.100' && record.callee === '80000')).toBe(
      false,
    );
  });

  it('lists the dial records with their filters and exports them as .xlsx, refusing beyond 5000 rows (spec §5.7, §8)', async () => {
    const [target] = (
      await list<VoipCallCenter>(VOIP_PATHS.callCenters, [{ k: 'dial_id', o: 'like', v: '81010' }])
    ).items;
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 8, minutes));
    await t.database.db.insert(voipDialRecords).values([
      {
        companyId,
        callId: 'c-1',
        caller: 'gate-01',
        callee: '81010',
        callCenterId: target?.id ?? null,
        callCenterDialId: '81010',
        agent: 'agent.200',
        startedAt: at(0),
        answeredAt: at(1),
        endedAt: at(3),
        duration: 125,
        result: 'answered',
      },
      {
        companyId,
        callId: 'c-2',
        caller: 'door-01',
        callee: 'agent.100',
        startedAt: at(10),
        endedAt: at(11),
        result: 'busy',
      },
    ]);
    const range = { k: 'started_at', o: 'between', v: [at(0).toISOString(), at(30).toISOString()] };
    const all = await list<VoipDialRecord>(VOIP_PATHS.dialRecords, [range]);
    expect(all.items.map((record) => record.caller)).toEqual(['door-01', 'gate-01']);
    expect(all.items[1]).toMatchObject({
      call_center_name: 'Center 81010',
      agent: 'agent.200',
      duration: 125,
    });
    const byExtension = await list<VoipDialRecord>(VOIP_PATHS.dialRecords, [
      range,
      { k: 'extension', o: '=', v: 'agent.200' },
    ]);
    expect(byExtension.items.map((record) => record.callee)).toEqual(['81010']);
    const byCenter = await list<VoipDialRecord>(VOIP_PATHS.dialRecords, [
      range,
      { k: 'call_center_id', o: '=', v: target?.id },
    ]);
    expect(byCenter.total).toBe(1);
    const byResult = await list<VoipDialRecord>(VOIP_PATHS.dialRecords, [
      range,
      { k: 'result', o: '=', v: 'busy' },
    ]);
    expect(byResult.items.map((record) => record.caller)).toEqual(['door-01']);
    const refused = await call(
      'GET',
      `${VOIP_PATHS.dialRecords}?wheres=${encodeURIComponent(encodeListParam([{ k: 'result', o: '=', v: 'lost' }]))}`,
    );
    expect(refused.statusCode).toBe(400);

    const exported = await call(
      'GET',
      `${VOIP_PATHS.dialRecordsExport}?wheres=${encodeURIComponent(encodeListParam([range]))}`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const { rows } = await sheetOf(exported.rawPayload);
    expect(rows[0]).toEqual([
      'Started',
      'Caller',
      'Callee',
      'Call center',
      'Agent',
      'Answered',
      'Ended',
      'Duration',
      'Result',
    ]);
    expect(rows.slice(1).map((row) => [row[1], row[7], row[8]])).toEqual([
      ['door-01', '0:00', 'Busy'],
      ['gate-01', '2:05', 'Answered'],
    ]);

    await t.database.db.insert(voipDialRecords).values(
      Array.from({ length: LOG_EXPORT_MAX_ROWS + 1 }, (_, index) => ({
        companyId,
        callId: `bulk-${index}`,
        caller: 'bulk-caller',
        callee: 'agent.100',
        startedAt: at(40),
        endedAt: at(41),
        result: 'no_answer',
      })),
    );
    const tooMany = await call('GET', VOIP_PATHS.dialRecordsExport);
    expect([tooMany.statusCode, tooMany.json().code]).toEqual([400, 'log_export_too_many_rows']);
    expect(tooMany.json().message).toBe('Log export at most 5000 rows: narrow the time range or the filters');
  });

  it('the buttons of the catalogue are checked against the role', async () => {
    const reader = await addMember(t, companyId, {
      voip_device_phone: [],
      voip_agent_phone: [],
      voip_call_center: [],
      voip_dial_record: [],
    });
    expect((await call('GET', VOIP_PATHS.agentPhones, reader.token)).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', VOIP_PATHS.agentPhones, { dial_id: 'nope-1' }],
      ['POST', VOIP_PATHS.devicePhones, { dial_id: 'nope-1', device_sn: sns[5] }],
      ['POST', VOIP_PATHS.callCenters, center('86000', [])],
      ['GET', VOIP_PATHS.devicePhonesTemplate, undefined],
      ['GET', VOIP_PATHS.dialRecordsExport, undefined],
    ] as const) {
      const response = await call(method, path, reader.token, body);
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
    const stranger = await addMember(t, companyId, { device_maintenance: [] });
    expect((await call('GET', VOIP_PATHS.agentPhones, stranger.token)).statusCode).toBe(403);
  });

  it('answers 403 product_disabled while the company’s voip flag is off', async () => {
    await t.database.db.update(companies).set({ voip: 1 }).where(eq(companies.id, companyId));
    try {
      const response = await call('GET', VOIP_PATHS.agentPhones);
      expect([response.statusCode, response.json().code]).toEqual([403, 'product_disabled']);
    } finally {
      await t.database.db.update(companies).set({ voip: 0 }).where(eq(companies.id, companyId));
    }
  });

  const live = engine === 'postgres' && sipServer !== undefined;
  it(
    live
      ? 'status, IP and UA are the unexpired registration Kamailio wrote for the dial id and domain'
      : `no extension pretends to be online: ${engine === 'pglite' ? 'the SIP server needs PostgreSQL' : 'no SIP server is connected'}`,
    async () => {
      const made = await addAgent('agent.500');
      const domain = made.extension.domain;
      // As Kamailio's usrloc writes a registration: times without a zone, in its local time (UTC),
      // which is how a Date goes into a column without a zone.
      const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
      await t.database.db.insert(kamLocation).values([
        {
          ruid: 'uloc-1',
          username: 'agent.500',
          domain,
          contact: 'sip:agent.500@192.168.1.20:5062;transport=udp',
          received: 'sip:203.0.113.9:40312',
          expires: inSeconds(300),
          userAgent: 'Yealink SIP-T46U 108.86.0.45',
          lastModified: inSeconds(0),
          callid: 'c1',
        },
        // The same dial id in another company's domain says nothing of this one.
        {
          ruid: 'uloc-2',
          username: 'agent.100',
          domain: `c${companyId + 999}.sip.localhost`,
          contact: 'sip:agent.100@198.51.100.1',
          expires: inSeconds(300),
          userAgent: 'Intruder',
          lastModified: inSeconds(0),
        },
        // An expired registration is offline.
        {
          ruid: 'uloc-3',
          username: 'agent_101',
          domain,
          contact: 'sip:agent_101@192.0.2.5:5060',
          expires: inSeconds(-10),
          userAgent: 'Expired phone',
          lastModified: inSeconds(-400),
        },
      ]);
      const agents = await list<VoipExtension>(VOIP_PATHS.agentPhones);
      const byDial = new Map(agents.items.map((agent) => [agent.dial_id, agent]));
      const server = await ok<{
        live: boolean;
        reason: string | null;
        server: string | null;
        websocket: string | null;
      }>('GET', VOIP_PATHS.server);
      if (live) {
        expect(server).toMatchObject({
          live: true,
          reason: null,
          server: SIP_SERVER,
          websocket: SIP_WEBSOCKET,
        });
        expect(byDial.get('agent.500')).toMatchObject({
          status: 'online',
          ip: '203.0.113.9:40312',
          ua: 'Yealink SIP-T46U 108.86.0.45',
        });
        expect(byDial.get('agent.100')).toMatchObject({ status: 'offline', ip: null, ua: null });
        expect(byDial.get('agent_101')).toMatchObject({ status: 'offline', ip: null, ua: null });
        // The registration expiring makes it offline.
        await t.database.db.update(kamLocation).set({ expires: new Date(Date.now() - 60_000) });
        expect(
          (await list<VoipExtension>(VOIP_PATHS.agentPhones)).items.find((a) => a.dial_id === 'agent.500')
            ?.status,
        ).toBe('offline');
      } else {
        const reason = engine === 'pglite' ? 'needs_postgres' : 'not_connected';
        // No softphone without a live SIP server, whatever SIP_WEBSOCKET says.
        expect(server).toMatchObject({ live: false, reason, websocket: null });
        expect(
          agents.items.every((agent) => agent.status === reason && agent.ip === null && agent.ua === null),
        ).toBe(true);
      }
      await t.database.db.delete(kamLocation);
    },
  );
}

describe('addressOfUri: the host and port of a registration', () => {
  it('reads received, or a contact without its user, parameters and brackets', () => {
    expect(addressOfUri('sip:203.0.113.9:40312')).toBe('203.0.113.9:40312');
    expect(addressOfUri('<sip:1001@192.0.2.10:5062;transport=udp>')).toBe('192.0.2.10:5062');
    expect(addressOfUri('sips:1001@[2001:db8::1]:5061;transport=tls')).toBe('[2001:db8::1]:5061');
    expect(addressOfUri('sip:abc@df7jal23ls0d.invalid;transport=ws')).toBe('df7jal23ls0d.invalid');
    expect(addressOfUri(null)).toBeNull();
    expect(addressOfUri('')).toBeNull();
  });
});

for (const engine of ENGINES) {
  describe(`voip (issue 33) on ${engine}, with a SIP server`, () => suite(engine, SIP_SERVER));
}
describe('voip (issue 33) on postgres without a SIP server', () => {
  if (ENGINES.includes('postgres')) suite('postgres', undefined);
  else it.skip('needs TEST_DATABASE_URL', () => {});
});

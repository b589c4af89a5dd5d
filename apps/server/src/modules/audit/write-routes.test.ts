/**
 * "Every write records an audit entry" (issue 6), enforced: walks EVERY declared call that is not a
 * read (`@vap/contracts` DECLARED_CALLS, so calls added later too) and fails for a write that neither
 * declares the audit actions it records (its declaration's `audit`) nor is on WRITES_NOT_AUDITED with
 * the reason. Each audited call is then made successfully (RECIPES: how to make the call) and must
 * have recorded an entry of a declared action, naming the caller. A route the app registers that no
 * call declares fails the route matrix (route-matrix.test.ts), so no write escapes this walk.
 *
 * A new write therefore needs `audit` in its declaration and a `trail.record(tx, …)` in its
 * transaction (recorder.ts) plus a recipe here — or an exemption with a reason a reviewer can weigh.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCESS_KEY_CALLS,
  ACCESS_KEY_PATHS,
  ACCOUNT_CALLS,
  ADPKG_CALLS,
  ADPKG_PATHS,
  ALGMALL_CALLS,
  ALGMALL_PATHS,
  type AnyCall,
  AUDIT_ACTIONS,
  AUTH_CALLS,
  type AuditAction,
  CAMPAIGN_CALLS,
  CAMPAIGN_PATHS,
  CBS_CALLS,
  CBS_PATHS,
  COMPANY_CALLS,
  DEV_PAYMENT_PAGE_QUERY,
  DEV_PAYMENT_PATHS,
  DEVICE_CALLS,
  DEVICE_PATHS,
  FINANCE_CALLS,
  FINANCE_PATHS,
  HOLOGRAM_CALLS,
  HOLOGRAM_PATHS,
  LVLM_LAB_CALLS,
  MQTT_CALLS,
  MQTT_PATHS,
  NOTICE_CALLS,
  OWNER_ROLE_ID,
  PRS_CALLS,
  PRS_PATHS,
  RESOURCE_CALLS,
  RESOURCE_PATHS,
  type SmsPurpose,
  SYSTEM_CALLS,
  SYSTEM_PATHS,
  TASK_CALLS,
  TASK_PATHS,
  TERMINAL_CALLS,
  VOIP_CALLS,
  VOIP_PATHS,
} from '@vap/contracts';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import mqtt from 'mqtt';
import { describe, expect, it, vi } from 'vitest';
import { auditLogs } from '../../core/audit/schema.js';
import { taskJobs } from '../../core/db/jobs.js';
import { companies, roles, users } from '../../core/db/schema.js';
import { md5Hex } from '../../seed.js';
import { addAccount, addDownstream, md5, multipart, pngOf, uploadGranted } from '../../testing/accounts.js';
import { callRoutes, routeKey, routeOf } from '../../testing/declared-routes.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { sendInParts } from '../../testing/part-uploads.js';
import { schemeFile } from '../../testing/scheme-files.js';
import { nextIp, nextPhone, sendCode } from '../../testing/sign-in.js';
import { blockApp } from '../../testing/suite-app.js';
import { adPackageDeliveries } from '../adpkg/schema.js';
import { algmallProducts } from '../algmall/schema.js';
import { DEMO_CAMPAIGN_CODE, DEMO_EXCHANGE_CODE } from '../campaigns/demo.js';
import { campaigns, tradeInModels } from '../campaigns/schema.js';
import { addUnits } from '../devices/test-support.js';
import { Coupons, Ledger } from '../finance/index.js';
import { hologramDeliveries } from '../hologram/schema.js';

/**
 * Writes that record no audit entry, and why. Adding one here is a decision a reviewer sees.
 */
const WRITES_NOT_AUDITED: Record<string, string> = {
  [routeOf(LVLM_LAB_CALLS.upload)]:
    "keeps a trial image an hour for the company's own detections: no setting, account or money of the company changes",
  [routeOf(LVLM_LAB_CALLS.detect)]:
    'a read of the detection engine about an uploaded image; writes only the daily trial counter (rate_limits)',
  [routeOf(AUTH_CALLS.puzzleCaptcha)]:
    'a captcha for an anonymous visitor: writes no account or company data (rate-limited instead)',
  [routeOf(AUTH_CALLS.smsCode)]:
    'sends an SMS code to a phone: no account or company data changes (rate-limited instead)',
  [routeOf(AUTH_CALLS.scanQrcode)]:
    'starts an anonymous scan sign-in; the sign-in itself is recorded when the poll hands out the token',
  [routeOf(AUTH_CALLS.scanConfirm)]:
    'development only (DEV_OUTBOX): stands in for the messaging app; the sign-in is recorded at the poll',
  [routeOf(COMPANY_CALLS.uploadToken)]: 'issues a short-lived upload token and writes nothing',
  [routeOf(COMPANY_CALLS.objectUpload)]:
    'stores a file under a content-addressed path; it takes effect only through the audited PUT /v1/pms/company',
  [routeOf(COMPANY_CALLS.startPartUpload)]:
    'starts the upload in parts of a content-addressed object; it takes effect only through the audited call that uses it',
  [routeOf(COMPANY_CALLS.uploadPart)]: 'one part of an upload in parts, not yet an object',
  [routeOf(COMPANY_CALLS.reportUploadPart)]: 'records that one part of an upload in parts arrived',
  [routeOf(COMPANY_CALLS.completePartUpload)]:
    'stores a file under a content-addressed path; it takes effect only through the audited call that uses it',
  [routeOf(COMPANY_CALLS.cancelPartUpload)]: 'forgets an unfinished upload in parts',
  [routeOf(NOTICE_CALLS.readNotice)]:
    "the caller's own read mark of a platform notice: nothing of the company changes",
  [routeOf(NOTICE_CALLS.readMessage)]: "the caller's own read mark of their message",
  [routeOf(NOTICE_CALLS.readAllMessages)]: "the caller's own read marks of their messages",
  [routeOf(DEVICE_CALLS.verify)]:
    'reads the factory registry and writes only its rate-limit counter: nothing of the company changes',
  [routeOf(MQTT_CALLS.messageLog)]: 'reads the MQTT log (spec §7.3 asks a POST: the query is the body)',
  [routeOf(MQTT_CALLS.exportMessageLog)]: 'reads the MQTT log as .xlsx; writes nothing',
  [routeOf(MQTT_CALLS.subscribeLog)]: 'reads the MQTT log (spec §7.3 asks a POST: the query is the body)',
  [routeOf(MQTT_CALLS.exportSubscribeLog)]: 'reads the MQTT log as .xlsx; writes nothing',
  [routeOf(MQTT_CALLS.deviceStateLog)]: 'reads the MQTT log (spec §7.3 asks a POST: the query is the body)',
  [routeOf(MQTT_CALLS.exportDeviceStateLog)]: 'reads the MQTT log as .xlsx; writes nothing',
  [routeOf(MQTT_CALLS.userStateLog)]: 'reads the MQTT log (spec §7.3 asks a POST: the query is the body)',
  [routeOf(MQTT_CALLS.exportUserStateLog)]: 'reads the MQTT log as .xlsx; writes nothing',
  [routeOf(TASK_CALLS.firmwareToken)]: 'issues a short-lived upload token and writes nothing',
  [routeOf(RESOURCE_CALLS.uploadToken)]: 'issues a short-lived upload token and writes nothing',
  [routeOf(HOLOGRAM_CALLS.fileToken)]: 'issues a short-lived upload token and writes nothing',
  [routeOf(ADPKG_CALLS.fileToken)]: 'issues a short-lived upload token and writes nothing',
  [routeOf(FINANCE_CALLS.answerDevPayment)]:
    "development only: stands in for the payment gateway; a payment's record is its ledger entry and the order's state",
  [routeOf(FINANCE_CALLS.paymentNotify)]:
    "the payment gateway's signed notification, no one's session: a payment's record is its ledger entry and the order's state, and each notification is logged",
  [routeOf(TERMINAL_CALLS.ticket)]:
    'issues a single-use terminal ticket; the session it opens is audited (device.telnet.open, .command, .close)',
  [routeOf(TASK_CALLS.checkWhitelist)]:
    'reads a white-list workbook and answers its entries and refused rows; writes nothing',
  [routeOf(MQTT_CALLS.debugToken)]:
    'issues short-lived MQTT credentials for the signed-in session and stores nothing',
  [routeOf(AUTH_CALLS.scanBind)]:
    "issues a QR code for the signed-in user, as the sign-in's does; the app account is bound at the provider's callback",
  [routeOf(PRS_CALLS.recognize)]:
    'a metered service call: its record is the call row and its ledger charge, written in one transaction (plate-recognition/billing.ts)',
  [routeOf(PRS_CALLS.trial)]:
    "a trial recognition: writes only the call's row (billed to no one) and the daily trial counter",
};

/** The declared writes: every call but a read. */
const WRITES = callRoutes().filter((route) => route.method !== 'GET');
const AUDITED = WRITES.filter((route) => route.call.audit !== undefined);
/** The audit actions a call declares, one or several. */
const auditOf = (call: AnyCall): readonly AuditAction[] =>
  call.audit === undefined ? [] : [call.audit].flat();

interface Context {
  t: TestApp;
  call(
    method: string,
    url: string,
    options?: { headers?: Record<string, string>; payload?: object; ip?: string },
  ): Promise<LightMyRequestResponse>;
  /** The owner of a new company of its own. */
  owner(): Promise<Awaited<ReturnType<typeof addAccount>> & { companyId: number }>;
  role(companyId: number, name?: string): Promise<number>;
  /** A user of the company holding the role, inserted directly. */
  member(companyId: number, roleId: number): Promise<number>;
}

/**
 * A prepared write: `act` makes the call (after any preparation, whose own entries do not count);
 * `actorPhone` is the account whose entry it must record.
 */
interface Prepared {
  actorPhone: string;
  act: () => Promise<LightMyRequestResponse>;
}

const PASSWORD = md5Hex('account-pass');
const INVOICE_DETAILS = {
  tax_id: '91440300MA5F000000',
  bank_name: 'CMB Shenzhen',
  bank_number: '7559 0001',
  address: 'Shenzhen',
  email: 'finance@example.com',
};

/** `account`'s call, made when the walk acts: the entry it records must name them. */
function by(
  { call }: Context,
  account: { phone: string; headers: Record<string, string> },
  method: string,
  url: string,
  payload?: object,
): Prepared {
  return { actorPhone: account.phone, act: () => call(method, url, { headers: account.headers, payload }) };
}

/** `account`'s upload of a form to `url`, as `by`: the fields, then the file `filename` of `content`. */
function byForm(
  { call }: Context,
  account: { phone: string; headers: Record<string, string> },
  url: string,
  fields: Record<string, string>,
  content: string,
  filename: string,
): Prepared {
  const form = multipart(fields, Buffer.from(content), undefined, filename);
  return {
    actorPhone: account.phone,
    act: () =>
      call('POST', url, {
        headers: { ...account.headers, 'content-type': form.contentType },
        payload: form.body,
      }),
  };
}

/** The recipe of a write the owner of a new company makes with nothing prepared. */
const ownerWrite = (method: string, url: string, payload?: object) => async (ctx: Context) =>
  by(ctx, await ctx.owner(), method, url, payload);

/** An account of the demo company in the owner's role. */
const demoAccount = ({ t }: Context, options: { password?: null } = {}) =>
  addAccount(t, { company: 'demo', roleId: OWNER_ROLE_ID, ...options });

/**
 * The recipe of a sign-in write made with an SMS code of `purpose`, sent from an address of its
 * own to a new phone, or with `account` to an existing account's; `payload` goes with the code.
 */
const smsCodeWrite =
  (purpose: SmsPurpose, url: string, { account = false, payload = {} } = {}) =>
  async (ctx: Context): Promise<Prepared> => {
    const phone = account ? (await demoAccount(ctx)).phone : nextPhone();
    const ip = nextIp();
    const code = await sendCode(ctx.t.app, phone, purpose, ip);
    return {
      actorPhone: phone,
      act: () => ctx.call('POST', url, { payload: { phone, sms_code: code, ...payload }, ip }),
    };
  };

const KEY = { bandwidth_mbps: 1, operations: ['GET /v1/pms/company/users'] };

/** How to make each audited write succeed. */
const RECIPES: Record<string, (ctx: Context) => Promise<Prepared>> = {
  [routeOf(RESOURCE_CALLS.share)]: async (ctx) => {
    const { account, id } = await ownResource(ctx);
    return by(ctx, account, 'POST', RESOURCE_PATHS.links(id), { days: 3 });
  },
  [routeOf(RESOURCE_CALLS.revokeLink)]: async (ctx) => {
    const { account, id } = await ownResource(ctx);
    const link = await ctx.call('POST', RESOURCE_PATHS.links(id), { ...account, payload: { days: 1 } });
    expect(link.statusCode, link.body).toBe(201);
    return by(ctx, account, 'DELETE', RESOURCE_PATHS.link(link.json<{ id: number }>().id));
  },
  [routeOf(RESOURCE_CALLS.officialGrant)]: ownerWrite('POST', RESOURCE_PATHS.officialGrants, {
    validity: '7',
  }),
  [routeOf(RESOURCE_CALLS.revokeOfficialGrant)]: async (ctx) => {
    const account = await ctx.owner();
    const grant = await ctx.call('POST', RESOURCE_PATHS.officialGrants, {
      headers: account.headers,
      payload: { validity: '3' },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    return by(ctx, account, 'DELETE', RESOURCE_PATHS.officialGrant(grant.json<{ id: number }>().id));
  },
  [routeOf(RESOURCE_CALLS.createResource)]: async (ctx) => {
    const account = await resourceOwner(ctx);
    const path = await uploadedResource(ctx, account);
    return by(ctx, account, 'POST', RESOURCE_PATHS.company, {
      category: 'tool',
      name: 'Tool',
      version: '1',
      path,
      file_name: 'tool.bin',
    });
  },
  [routeOf(RESOURCE_CALLS.updateResource)]: async (ctx) => {
    const { account, id } = await ownResource(ctx);
    return by(ctx, account, 'PUT', RESOURCE_PATHS.companyResource(id), {
      category: 'sdk',
      name: 'SDK',
      version: '2',
    });
  },
  [routeOf(RESOURCE_CALLS.deleteResource)]: async (ctx) => {
    const { account, id } = await ownResource(ctx);
    return by(ctx, account, 'DELETE', RESOURCE_PATHS.companyResource(id));
  },
  [routeOf(AUTH_CALLS.loginPassword)]: async (ctx) => {
    const account = await demoAccount(ctx);
    return {
      actorPhone: account.phone,
      act: () =>
        ctx.call('POST', '/v0/pms/users/login_password', {
          payload: { account: account.phone, password: PASSWORD },
        }),
    };
  },
  [routeOf(AUTH_CALLS.loginSmsCode)]: smsCodeWrite('login', '/v0/pms/users/login_sms_code', {
    account: true,
  }),
  [routeOf(AUTH_CALLS.loginOrSignupSmsCode)]: smsCodeWrite(
    'login_or_signup',
    '/v0/pms/users/login_or_signup_sms_code',
  ),
  [routeOf(AUTH_CALLS.signup)]: smsCodeWrite('signup', '/v0/pms/users/signup', {
    payload: { password: md5Hex('signed-up-1') },
  }),
  [routeOf(AUTH_CALLS.resetPassword)]: smsCodeWrite('reset', '/v0/pms/users/reset_password', {
    account: true,
    payload: { password: md5Hex('reset-pass-1') },
  }),
  [routeOf(AUTH_CALLS.scanLogin)]: async (ctx) => {
    const account = await demoAccount(ctx);
    const ip = nextIp();
    const { id } = (await ctx.call('POST', '/v0/pms/users/login_wechat/qrcode', { ip })).json<{
      id: string;
    }>();
    const confirmed = await ctx.call('POST', '/v0/pms/users/login_wechat/confirm', {
      payload: { id, account: account.phone },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    return {
      actorPhone: account.phone,
      act: () => ctx.call('POST', '/v0/pms/users/login_wechat', { payload: { id }, ip }),
    };
  },
  [routeOf(AUTH_CALLS.logout)]: async (ctx) => by(ctx, await demoAccount(ctx), 'POST', '/v1/pms/user/logout'),
  [routeOf(ACCOUNT_CALLS.updateProfile)]: async (ctx) =>
    by(ctx, await demoAccount(ctx), 'PUT', '/v1/pms/user', { nickname: '改了名' }),
  [routeOf(ACCOUNT_CALLS.changePassword)]: async (ctx) =>
    by(ctx, await demoAccount(ctx), 'PUT', '/v1/pms/user/password', {
      old_password: PASSWORD,
      new_password: md5Hex('changed-pass-1'),
    }),
  [routeOf(ACCOUNT_CALLS.setPassword)]: async (ctx) =>
    by(ctx, await demoAccount(ctx, { password: null }), 'POST', '/v1/pms/user/password', {
      password: md5Hex('first-pass-1'),
    }),
  [routeOf(COMPANY_CALLS.createCompany)]: async (ctx) =>
    by(ctx, await addAccount(ctx.t, { company: 'none' }), 'POST', '/v1/pms/user/companies', {
      name: '走查科技有限公司',
    }),
  [routeOf(COMPANY_CALLS.updateCompany)]: ownerWrite('PUT', '/v1/pms/company', { title: '新的标题' }),
  [routeOf(SYSTEM_CALLS.createUser)]: async (ctx) => {
    const account = await ctx.owner();
    const roleId = await ctx.role(account.companyId);
    return by(ctx, account, 'POST', SYSTEM_PATHS.users, {
      phone: nextPhone(),
      password: md5Hex('new-user-1'),
      nickname: '新同事',
      role_id: roleId,
    });
  },
  [routeOf(SYSTEM_CALLS.setUserRoleByPost)]: async (ctx) => {
    const { account, userId } = await ownerAndMember(ctx);
    return by(ctx, account, 'POST', SYSTEM_PATHS.user(userId), {
      role_id: await ctx.role(account.companyId),
    });
  },
  [routeOf(SYSTEM_CALLS.setUserRole)]: async (ctx) => {
    const { account, userId } = await ownerAndMember(ctx);
    return by(ctx, account, 'PUT', SYSTEM_PATHS.userRole(userId), {
      role_id: await ctx.role(account.companyId),
    });
  },
  [routeOf(SYSTEM_CALLS.editUser)]: async (ctx) => {
    const { account, userId } = await ownerAndMember(ctx);
    return by(ctx, account, 'PUT', SYSTEM_PATHS.user(userId), { nickname: '新名字', remark: '调岗' });
  },
  [routeOf(SYSTEM_CALLS.removeUser)]: async (ctx) => {
    const { account, userId } = await ownerAndMember(ctx);
    return by(ctx, account, 'DELETE', SYSTEM_PATHS.user(userId));
  },
  [routeOf(SYSTEM_CALLS.createRole)]: ownerWrite('POST', SYSTEM_PATHS.roles, {
    name: '新角色',
    menus: { dashboard: [] },
  }),
  [routeOf(SYSTEM_CALLS.updateRole)]: async (ctx) => {
    const account = await ctx.owner();
    const roleId = await ctx.role(account.companyId);
    return by(ctx, account, 'PUT', SYSTEM_PATHS.role(roleId), {
      name: '改过的角色',
      menus: { dashboard: [], system_user: [] },
    });
  },
  [routeOf(SYSTEM_CALLS.deleteRole)]: async (ctx) => {
    const account = await ctx.owner();
    return by(ctx, account, 'DELETE', SYSTEM_PATHS.role(await ctx.role(account.companyId)));
  },
  [routeOf(ACCESS_KEY_CALLS.createKey)]: ownerWrite('POST', ACCESS_KEY_PATHS.keys, KEY),
  [routeOf(ACCESS_KEY_CALLS.setKeyDisabled)]: async (ctx) => {
    const { account, id } = await ownerKey(ctx);
    return by(ctx, account, 'PATCH', ACCESS_KEY_PATHS.key(id), { disabled: true });
  },
  [routeOf(ACCESS_KEY_CALLS.removeKey)]: async (ctx) => {
    const { account, id } = await ownerKey(ctx);
    return by(ctx, account, 'DELETE', ACCESS_KEY_PATHS.key(id));
  },
  [routeOf(DEVICE_CALLS.bind)]: async (ctx) => {
    const account = await ctx.owner();
    const [unit] = await addUnits(ctx.t);
    return by(ctx, account, 'POST', DEVICE_PATHS.bind, {
      mode: 'serial',
      sn: unit?.sn,
      device_code: unit?.deviceCode,
    });
  },
  [routeOf(DEVICE_CALLS.importDevices)]: async (ctx) => {
    const account = await ctx.owner();
    const [unit] = await addUnits(ctx.t);
    return byForm(
      ctx,
      account,
      DEVICE_PATHS.import,
      { mode: 'plain' },
      `sn\r\n${unit?.sn}\r\n`,
      'devices.csv',
    );
  },
  [routeOf(DEVICE_CALLS.edit)]: async (ctx) => {
    const { account, deviceId } = await boundDevice(ctx);
    return by(ctx, account, 'PATCH', DEVICE_PATHS.device(deviceId), { name: '改名' });
  },
  [routeOf(DEVICE_CALLS.unbindOne)]: async (ctx) => {
    const { account, deviceId } = await boundDevice(ctx);
    return by(ctx, account, 'DELETE', DEVICE_PATHS.device(deviceId));
  },
  [routeOf(DEVICE_CALLS.unbind)]: async (ctx) => {
    const { account, deviceId } = await boundDevice(ctx);
    return by(ctx, account, 'POST', DEVICE_PATHS.unbind, { device_ids: [deviceId] });
  },
  [routeOf(DEVICE_CALLS.move)]: async (ctx) => {
    const { account, deviceId } = await boundDevice(ctx);
    const groupId = await deviceGroup(ctx, account);
    return by(ctx, account, 'POST', DEVICE_PATHS.move, { device_ids: [deviceId], group_id: groupId });
  },
  [routeOf(DEVICE_CALLS.createGroup)]: ownerWrite('POST', DEVICE_PATHS.groups, {
    name: '新分组',
    max_devices: 10,
  }),
  [routeOf(DEVICE_CALLS.updateGroup)]: async (ctx) => {
    const account = await ctx.owner();
    const groupId = await deviceGroup(ctx, account);
    return by(ctx, account, 'PUT', DEVICE_PATHS.group(groupId), { name: '改过的分组', max_devices: 5 });
  },
  [routeOf(DEVICE_CALLS.deleteGroup)]: async (ctx) => {
    const account = await ctx.owner();
    return by(ctx, account, 'DELETE', DEVICE_PATHS.group(await deviceGroup(ctx, account)));
  },
  [routeOf(MQTT_CALLS.kick)]: async (ctx) => {
    const { account, unit } = await boundDevice(ctx);
    const port = await ctx.t.services.mqtt.broker.listenTcp({
      port: 0,
      host: '127.0.0.1',
      chosen: true,
      tls: null,
    });
    const device = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
      clientId: unit.sn,
      username: unit.sn,
      password: unit.secret,
      reconnectPeriod: 0,
    });
    // CONNACK goes out before the broker counts the client as connected.
    await vi.waitFor(() =>
      expect(ctx.t.services.mqtt.broker.allConnections().map((connection) => connection.client.id)).toContain(
        unit.sn,
      ),
    );
    return {
      actorPhone: account.phone,
      act: async () => {
        const kicked = await ctx.call('DELETE', MQTT_PATHS.client(unit.sn), account);
        await device.endAsync(true);
        return kicked;
      },
    };
  },
  [routeOf(TASK_CALLS.createFirmware)]: async (ctx) => {
    const account = await ctx.owner();
    const path = await uploadedFirmware(ctx, account);
    return by(ctx, account, 'POST', TASK_PATHS.firmware, { path, model: 'VC-C3', version: 'V9.0.1' });
  },
  [routeOf(TASK_CALLS.deleteFirmware)]: async (ctx) => {
    const account = await ctx.owner();
    return by(ctx, account, 'DELETE', TASK_PATHS.firmwareItem(await firmwarePackage(ctx, account, 'VC-C3')));
  },
  [routeOf(TASK_CALLS.upgrade)]: async (ctx) => {
    const { account, deviceId } = await boundDevice(ctx);
    const firmwareId = await firmwarePackage(ctx, account, await modelOf(ctx, account, deviceId));
    return by(ctx, account, 'POST', TASK_PATHS.upgrade, {
      firmware_id: firmwareId,
      target: { device_ids: [deviceId] },
    });
  },
  [routeOf(TASK_CALLS.retry)]: async (ctx) => {
    const { account, taskId } = await upgradeTask(ctx);
    // Its device never came online before the deadline.
    await ctx.t.database.db.execute(
      sql`update task_jobs set state = 'failed', reason = 'offline' where task_id = ${taskId}`,
    );
    return by(ctx, account, 'POST', TASK_PATHS.retry(taskId), {});
  },
  [routeOf(TASK_CALLS.cancel)]: async (ctx) => {
    const { account, taskId } = await upgradeTask(ctx);
    return by(ctx, account, 'POST', TASK_PATHS.cancel(taskId));
  },
  [routeOf(FINANCE_CALLS.updateFinance)]: ownerWrite('PUT', FINANCE_PATHS.finance, {
    low_balance_threshold: 500,
  }),
  [routeOf(FINANCE_CALLS.createRecharge)]: ownerWrite('POST', FINANCE_PATHS.recharges, { amount: 100 }),
  [routeOf(FINANCE_CALLS.cancelRecharge)]: async (ctx) => {
    const account = await ctx.owner();
    const placed = await ctx.call('POST', FINANCE_PATHS.recharges, { ...account, payload: { amount: 100 } });
    return by(ctx, account, 'POST', FINANCE_PATHS.rechargeCancel(placed.json<{ id: number }>().id));
  },
  [routeOf(FINANCE_CALLS.redeemCoupon)]: async (ctx) => {
    const account = await ctx.owner();
    return by(ctx, account, 'POST', FINANCE_PATHS.couponRedeem(await voucher(ctx, account.companyId)));
  },
  [routeOf(FINANCE_CALLS.transferCoupon)]: async (ctx) => {
    const { account, downstream } = await ownerAndDownstream(ctx);
    const couponId = await voucher(ctx, account.companyId);
    return by(ctx, account, 'POST', FINANCE_PATHS.couponTransfer(couponId), {
      company_id: downstream.companyId,
    });
  },
  [routeOf(FINANCE_CALLS.saveInvoiceDetails)]: ownerWrite('PUT', FINANCE_PATHS.invoiceDetails, {
    invoice: INVOICE_DETAILS,
  }),
  [routeOf(FINANCE_CALLS.requestInvoice)]: async (ctx) => {
    const account = await ctx.owner();
    await ctx.call('PUT', FINANCE_PATHS.invoiceDetails, {
      ...account,
      payload: { invoice: INVOICE_DETAILS },
    });
    const placed = await ctx.call('POST', FINANCE_PATHS.recharges, { ...account, payload: { amount: 100 } });
    const { id, pay_url } = placed.json<{ id: number; pay_url: string }>();
    const token = new URL(pay_url, 'http://console').searchParams.get(DEV_PAYMENT_PAGE_QUERY) ?? '';
    await ctx.call('POST', DEV_PAYMENT_PATHS.payment(token), { payload: { action: 'confirm' } });
    return by(ctx, account, 'POST', FINANCE_PATHS.invoices, { order_ids: [id] });
  },
  [routeOf(PRS_CALLS.buyPackage)]: async (ctx) => {
    const account = await ctx.owner();
    await new Ledger(ctx.t.database.db).post({
      companyId: account.companyId,
      kind: 'adjustment',
      amount: 1_000_000,
    });
    return by(ctx, account, 'POST', PRS_PATHS.packages, { offer: 'calls_10k', request_id: randomUUID() });
  },
  [routeOf(CAMPAIGN_CALLS.applyTradeIn)]: async (ctx) => {
    const account = await ctx.owner();
    const { db } = ctx.t.database;
    // The demo's trade-in campaign is open around the app's start.
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.code, DEMO_CAMPAIGN_CODE));
    const [model] = await db.select().from(tradeInModels).limit(1);
    return by(ctx, account, 'POST', CAMPAIGN_PATHS.tradeInApplications, {
      campaign_id: campaign?.id ?? 0,
      tracking_number: 'SF0000000001',
      lines: [{ model_id: model?.id ?? 0, quantity: 1 }],
    });
  },
  [routeOf(CAMPAIGN_CALLS.transferVouchers)]: async (ctx) => {
    const { account, downstream } = await ownerAndDownstream(ctx);
    await voucher(ctx, account.companyId);
    return by(ctx, account, 'POST', CAMPAIGN_PATHS.voucherTransfers, {
      company_id: downstream.companyId,
      quantity: 1,
    });
  },
  [routeOf(CAMPAIGN_CALLS.exchangeBalance)]: async (ctx) => {
    const account = await ctx.owner();
    const { db } = ctx.t.database;
    await new Ledger(db).post({ companyId: account.companyId, kind: 'adjustment', amount: 10_000 });
    // The demo's balance exchange is open around the app's start.
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.code, DEMO_EXCHANGE_CODE));
    return by(ctx, account, 'POST', CAMPAIGN_PATHS.balanceExchange(campaign?.id ?? 0), { quantity: 1 });
  },
  [routeOf(ALGMALL_CALLS.buy)]: async (ctx) => {
    const account = await ctx.owner();
    await new Ledger(ctx.t.database.db).post({
      companyId: account.companyId,
      kind: 'adjustment',
      amount: 1_000_000,
    });
    const [product] = await ctx.t.database.db
      .select({ id: algmallProducts.id })
      .from(algmallProducts)
      .limit(1);
    return by(ctx, account, 'POST', ALGMALL_PATHS.orders, {
      product_id: product?.id ?? 0,
      quantity: 1,
      request_id: randomUUID(),
    });
  },
  [routeOf(ALGMALL_CALLS.authorise)]: async (ctx) => {
    const { account, deviceId, productId } = await authorisable(ctx);
    return by(ctx, account, 'POST', ALGMALL_PATHS.authorisations, {
      product_id: productId,
      device_ids: [deviceId],
    });
  },
  [routeOf(ALGMALL_CALLS.trial)]: async (ctx) => {
    const { account, deviceId, productId } = await authorisable(ctx);
    return by(ctx, account, 'POST', ALGMALL_PATHS.trials, { product_id: productId, device_id: deviceId });
  },
  [routeOf(ALGMALL_CALLS.cancelAuthorisations)]: async (ctx) => {
    const { account, id } = await authorisation(ctx);
    return by(ctx, account, 'POST', ALGMALL_PATHS.authorisationsCancel, { ids: [id] });
  },
  [routeOf(ALGMALL_CALLS.retryAuthorisations)]: async (ctx) => {
    const { account, id } = await authorisation(ctx);
    const cancelled = await ctx.call('POST', ALGMALL_PATHS.authorisationsCancel, {
      ...account,
      payload: { ids: [id] },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return by(ctx, account, 'POST', ALGMALL_PATHS.authorisationsRetry, { ids: [id] });
  },
  [routeOf(VOIP_CALLS.createDevicePhone)]: async (ctx) => {
    const { account, sn } = await voipDevice(ctx);
    return by(ctx, account, 'POST', VOIP_PATHS.devicePhones, { dial_id: 'door-100', device_sn: sn });
  },
  [routeOf(VOIP_CALLS.updateDevicePhone)]: async (ctx) => {
    const { account, sn, id } = await voipDevicePhone(ctx);
    return by(ctx, account, 'PUT', VOIP_PATHS.devicePhone(id), { device_sn: sn, display_name: 'Door' });
  },
  [routeOf(VOIP_CALLS.resetDevicePhonePassword)]: async (ctx) => {
    const { account, id } = await voipDevicePhone(ctx);
    return by(ctx, account, 'POST', VOIP_PATHS.devicePhonePassword(id), {});
  },
  [routeOf(VOIP_CALLS.deleteDevicePhone)]: async (ctx) => {
    const { account, id } = await voipDevicePhone(ctx);
    return by(ctx, account, 'DELETE', VOIP_PATHS.devicePhone(id));
  },
  [routeOf(VOIP_CALLS.importDevicePhones)]: async (ctx) => {
    const { account, sn } = await voipDevice(ctx);
    const csv = `dial_id,device_sn\r\ndoor-200,${sn}\r\n`;
    return byForm(ctx, account, VOIP_PATHS.devicePhonesImport, {}, csv, 'phones.csv');
  },
  [routeOf(VOIP_CALLS.createAgentPhone)]: async (ctx) =>
    by(ctx, await voipOwner(ctx), 'POST', VOIP_PATHS.agentPhones, { dial_id: 'agent-100' }),
  [routeOf(VOIP_CALLS.updateAgentPhone)]: async (ctx) => {
    const { account, id } = await voipAgentPhone(ctx);
    return by(ctx, account, 'PUT', VOIP_PATHS.agentPhone(id), { display_name: 'Alice' });
  },
  [routeOf(VOIP_CALLS.resetAgentPhonePassword)]: async (ctx) => {
    const { account, id } = await voipAgentPhone(ctx);
    return by(ctx, account, 'POST', VOIP_PATHS.agentPhonePassword(id), { password: 'Secret99' });
  },
  [routeOf(VOIP_CALLS.deleteAgentPhone)]: async (ctx) => {
    const { account, id } = await voipAgentPhone(ctx);
    return by(ctx, account, 'DELETE', VOIP_PATHS.agentPhone(id));
  },
  [routeOf(VOIP_CALLS.createCallCenter)]: async (ctx) => {
    const account = await voipOwner(ctx);
    const agent = await voipExtension(ctx, account, VOIP_PATHS.agentPhones, { dial_id: 'agent-100' });
    return by(ctx, account, 'POST', VOIP_PATHS.callCenters, voipCallCenter([agent]));
  },
  [routeOf(VOIP_CALLS.updateCallCenter)]: async (ctx) => {
    const { account, id } = await voipCallCenterOf(ctx);
    return by(ctx, account, 'PUT', VOIP_PATHS.callCenter(id), { ...voipCallCenter([]), strategy: 'random' });
  },
  [routeOf(VOIP_CALLS.deleteCallCenter)]: async (ctx) => {
    const { account, id } = await voipCallCenterOf(ctx);
    return by(ctx, account, 'DELETE', VOIP_PATHS.callCenter(id));
  },
  [routeOf(HOLOGRAM_CALLS.create)]: async (ctx) => {
    const account = await ctx.owner();
    const file = await uploadedScheme(ctx, account);
    return by(ctx, account, 'POST', HOLOGRAM_PATHS.schemes, { name: 'Gate', site: 'North', file });
  },
  [routeOf(HOLOGRAM_CALLS.update)]: async (ctx) => {
    const account = await ctx.owner();
    const { id, file } = await hologramScheme(ctx, account);
    return by(ctx, account, 'PUT', HOLOGRAM_PATHS.scheme(id), { name: 'Gate 2', site: 'South', file });
  },
  ...publishedThingRecipes(
    HOLOGRAM_CALLS,
    { ...HOLOGRAM_PATHS, one: HOLOGRAM_PATHS.scheme },
    hologramScheme,
    (id) => (db) =>
      db
        .select({ id: hologramDeliveries.id, jobId: hologramDeliveries.jobId })
        .from(hologramDeliveries)
        .where(eq(hologramDeliveries.schemeId, id)),
  ),
  [routeOf(ADPKG_CALLS.create)]: async (ctx) => {
    const account = await ctx.owner();
    return by(ctx, account, 'POST', ADPKG_PATHS.packages, await adPackageBody(ctx, account));
  },
  [routeOf(ADPKG_CALLS.update)]: async (ctx) => {
    const account = await ctx.owner();
    const { id, body } = await adPackage(ctx, account);
    return by(ctx, account, 'PUT', ADPKG_PATHS.package(id), { ...body, top_share: 70 });
  },
  ...publishedThingRecipes(
    ADPKG_CALLS,
    { ...ADPKG_PATHS, one: ADPKG_PATHS.package },
    adPackage,
    (id) => (db) =>
      db
        .select({ id: adPackageDeliveries.id, jobId: adPackageDeliveries.jobId })
        .from(adPackageDeliveries)
        .where(eq(adPackageDeliveries.packageId, id)),
  ),
  [routeOf(ALGMALL_CALLS.authoriseOffline)]: async (ctx) => {
    const { account, productId } = await authorisable(ctx);
    const fingerprint = JSON.stringify({
      v: 1,
      sn: 'OFFLINE-RECIPE',
      model: 'VC-C3',
      hardware_id: 'ab'.repeat(16),
    });
    return byForm(
      ctx,
      account,
      ALGMALL_PATHS.offlineLicences,
      { product_id: String(productId) },
      fingerprint,
      'fingerprint.json',
    );
  },
  [routeOf(CBS_CALLS.open)]: async (ctx) => {
    const { account, deviceId } = await cloudReady(ctx);
    return by(ctx, account, 'POST', CBS_PATHS.packages, {
      device_ids: [deviceId],
      service: 'cloud_backup',
      plan: 'free',
    });
  },
  [routeOf(CBS_CALLS.change)]: async (ctx) => {
    const { account, packageId } = await cloudPackage(ctx);
    return by(ctx, account, 'PUT', CBS_PATHS.package(packageId), { plan: 'c' });
  },
  [routeOf(CBS_CALLS.close)]: async (ctx) => {
    const { account, packageId } = await cloudPackage(ctx);
    return by(ctx, account, 'POST', CBS_PATHS.close(packageId));
  },
  [routeOf(TASK_CALLS.createConfigTemplate)]: ownerWrite('POST', TASK_PATHS.configTemplates, {
    name: 'Night',
    config: { image: { brightness: 70 } },
  }),
  [routeOf(TASK_CALLS.updateConfigTemplate)]: async (ctx) => {
    const account = await ctx.owner();
    const id = await configTemplate(ctx, account);
    return by(ctx, account, 'PUT', TASK_PATHS.configTemplate(id), {
      name: 'Day',
      config: { image: { brightness: 40 } },
    });
  },
  [routeOf(TASK_CALLS.deleteConfigTemplate)]: async (ctx) => {
    const account = await ctx.owner();
    return by(ctx, account, 'DELETE', TASK_PATHS.configTemplate(await configTemplate(ctx, account)));
  },
  [routeOf(TASK_CALLS.configure)]: async (ctx) => {
    const { account, deviceId } = await boundDevice(ctx);
    const id = await configTemplate(ctx, account);
    return by(ctx, account, 'POST', TASK_PATHS.configuration, {
      template_id: id,
      target: { device_ids: [deviceId] },
    });
  },
  [routeOf(TASK_CALLS.whitelist)]: async (ctx) => {
    const { account, deviceId } = await boundDevice(ctx);
    return by(ctx, account, 'POST', TASK_PATHS.whitelist, {
      list: 'card',
      name: 'Staff',
      entries: ['0A1B2C3D'],
      target: { device_ids: [deviceId] },
    });
  },
};

type Account = Awaited<ReturnType<Context['owner']>>;

/** The owner of a new company and a member of it in a role of its own; answers both. */
async function ownerAndMember(ctx: Context) {
  const account = await ctx.owner();
  return { account, userId: await ctx.member(account.companyId, await ctx.role(account.companyId)) };
}

/** The owners of a new company and of a company below it; answers both. */
async function ownerAndDownstream(ctx: Context) {
  const account = await ctx.owner();
  return { account, downstream: await addDownstream(ctx.t, account.companyId, { verifyStatus: 2 }) };
}

/** An access key of a new company's owner; answers the owner and the key's id. */
async function ownerKey(ctx: Context) {
  const account = await ctx.owner();
  const created = await ctx.call('POST', ACCESS_KEY_PATHS.keys, { ...account, payload: KEY });
  return { account, id: created.json<{ id: string }>().id };
}

/** A configuration template of the account's company; answers its id. */
async function configTemplate(ctx: Context, account: Account) {
  const created = await ctx.call('POST', TASK_PATHS.configTemplates, {
    ...account,
    payload: { name: `Template ${randomBytes(4).toString('hex')}`, config: { osd: { show_time: true } } },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ id: number }>().id;
}

/** The owner of a new company whose product flag rsrc_mgt is on (0). */
async function resourceOwner(ctx: Context) {
  const account = await ctx.owner();
  await ctx.t.database.db.update(companies).set({ rsrcMgt: 0 }).where(eq(companies.id, account.companyId));
  return account;
}

/** The grant the upload-token call at `tokenPath` answers for `bytes` stored as `path`. */
async function uploadGrant(ctx: Context, account: Account, tokenPath: string, path: string, bytes: Buffer) {
  const grant = await ctx.call('POST', tokenPath, {
    ...account,
    payload: { name: path, size: bytes.length },
  });
  expect(grant.statusCode, grant.body).toBe(200);
  return grant.json<{ token: string; url: string }>();
}

/** A resource file's bytes uploaded through the token flow; answers their path. */
async function uploadedResource(ctx: Context, account: Account) {
  const bytes = randomBytes(512);
  const path = `resource/${account.companyId}_${md5(bytes)}.bin`;
  const grant = await uploadGrant(ctx, account, RESOURCE_PATHS.companyToken, path, bytes);
  const uploaded = await sendInParts(ctx.t, grant, bytes);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  return path;
}

/** One of a new company's own resources, recorded; answers its owner and id. */
async function ownResource(ctx: Context) {
  const account = await resourceOwner(ctx);
  const path = await uploadedResource(ctx, account);
  const created = await ctx.call('POST', RESOURCE_PATHS.company, {
    ...account,
    payload: { category: 'tool', name: 'Tool', version: '1', path, file_name: 'tool.bin' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { account, id: created.json<{ id: number }>().id };
}

/** A firmware package's bytes uploaded through the token flow; answers their path. */
async function uploadedFirmware(ctx: Context, account: Account) {
  const bytes = randomBytes(2048);
  const path = `firmware/${account.companyId}_${md5(bytes)}.bin`;
  await uploadGranted(
    ctx.t,
    await uploadGrant(ctx, account, TASK_PATHS.firmwareToken, path, bytes),
    path,
    bytes,
  );
  return path;
}

/** A hologram parking scheme file uploaded through its token; answers its path. */
async function uploadedScheme(ctx: Context, account: Account) {
  const bytes = await schemeFile();
  const path = `hologram/${account.companyId}_${md5(bytes)}.tar`;
  const grant = await uploadGrant(ctx, account, HOLOGRAM_PATHS.fileToken, path, bytes);
  await uploadGranted(ctx.t, { ...grant, url: '/webapi/v1/pms/objects/upload' }, path, bytes);
  return path;
}

/** A hologram parking scheme of the account's company; answers its id and file. */
async function hologramScheme(ctx: Context, account: Account) {
  const file = await uploadedScheme(ctx, account);
  const created = await ctx.call('POST', HOLOGRAM_PATHS.schemes, {
    ...account,
    payload: { name: 'Gate', site: 'North', file },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json<{ id: number }>().id, file };
}

/** An ad package's body with one uploaded image of the account's company. */
async function adPackageBody(ctx: Context, account: Account) {
  const bytes = pngOf(12, 20);
  const path = `adpkg/${account.companyId}_${md5(bytes)}.png`;
  const grant = await uploadGrant(ctx, account, ADPKG_PATHS.fileToken, path, bytes);
  await uploadGranted(ctx.t, { ...grant, url: '/webapi/v1/pms/objects/upload' }, path, bytes);
  return {
    name: 'Lobby',
    top_share: 50,
    items: [{ type: 'image', file: path, resource_name: 'welcome', seconds: 5 }],
  };
}

/** An ad package of the account's company; answers its id and body. */
async function adPackage(ctx: Context, account: Account) {
  const body = await adPackageBody(ctx, account);
  const created = await ctx.call('POST', ADPKG_PATHS.packages, { ...account, payload: body });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json<{ id: number }>().id, body };
}

/** A recorded firmware package of a model; answers its id. */
async function firmwarePackage(ctx: Context, account: Account, model: string) {
  const path = await uploadedFirmware(ctx, account);
  const created = await ctx.call('POST', TASK_PATHS.firmware, {
    ...account,
    payload: { path, model, version: 'V9.0.0' },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ id: number }>().id;
}

async function modelOf(ctx: Context, account: Account, deviceId: number) {
  const device = await ctx.call('GET', DEVICE_PATHS.device(deviceId), account);
  return device.json<{ model: string }>().model;
}

/** An upgrade task of a new company's one device (offline); answers its owner and the task's id. */
async function upgradeTask(ctx: Context) {
  const { account, deviceId } = await boundDevice(ctx);
  const firmwareId = await firmwarePackage(ctx, account, await modelOf(ctx, account, deviceId));
  const created = await ctx.call('POST', TASK_PATHS.upgrade, {
    ...account,
    payload: { firmware_id: firmwareId, target: { device_ids: [deviceId] } },
  });
  expect(created.statusCode, created.body).toBe(200);
  return { account, taskId: created.json<{ id: number }>().id };
}

/** A device bound to a new company of its own; answers its owner, the factory unit and the device's id. */
async function boundDevice({ t, owner, call }: Context) {
  const account = await owner();
  const [unit] = await addUnits(t);
  if (!unit) throw new Error('no unit');
  const bound = await call('POST', DEVICE_PATHS.bind, {
    ...account,
    payload: { mode: 'serial', sn: unit.sn, device_code: unit.deviceCode },
  });
  expect(bound.statusCode, bound.body).toBe(200);
  return { account, unit, deviceId: bound.json<{ id: number }>().id };
}

/**
 * The recipes of deleting a thing published to devices (a hologram scheme, an ad package),
 * publishing it and publishing it again: `thing` makes one of the account's company, `deliveries`
 * selects the deliveries of thing `id`.
 */
function publishedThingRecipes(
  calls: { remove: AnyCall; publish: AnyCall; retry: AnyCall },
  paths: Record<'one' | 'deliveries' | 'retry', (id: number) => string>,
  thing: (ctx: Context, account: Account) => Promise<{ id: number }>,
  deliveries: (id: number) => Parameters<typeof failedDelivery>[4],
): Record<string, (ctx: Context) => Promise<Prepared>> {
  return {
    [routeOf(calls.remove)]: async (ctx) => {
      const account = await ctx.owner();
      const { id } = await thing(ctx, account);
      return by(ctx, account, 'DELETE', paths.one(id));
    },
    [routeOf(calls.publish)]: async (ctx) => {
      const { account, deviceId } = await boundDevice(ctx);
      const { id } = await thing(ctx, account);
      return by(ctx, account, 'POST', paths.deliveries(id), { device_ids: [deviceId] });
    },
    [routeOf(calls.retry)]: async (ctx) => {
      const { account, deviceId } = await boundDevice(ctx);
      const { id } = await thing(ctx, account);
      const delivery = await failedDelivery(ctx, account, paths.deliveries(id), deviceId, deliveries(id));
      return by(ctx, account, 'POST', paths.retry(id), { ids: [delivery] });
    },
  };
}

/**
 * Publishes to the device at `deliveriesPath`; the device never comes online, so its delivery (which
 * `deliveries` selects) fails. Answers the delivery's id.
 */
async function failedDelivery(
  ctx: Context,
  account: Account,
  deliveriesPath: string,
  deviceId: number,
  deliveries: (db: TestApp['database']['db']) => Promise<Array<{ id: number; jobId: number | null }>>,
) {
  const published = await ctx.call('POST', deliveriesPath, {
    ...account,
    payload: { device_ids: [deviceId] },
  });
  expect(published.statusCode, published.body).toBe(200);
  const [delivery] = await deliveries(ctx.t.database.db);
  await ctx.t.database.db
    .update(taskJobs)
    .set({ state: 'failed', reason: 'offline' })
    .where(eq(taskJobs.id, delivery?.jobId ?? 0));
  return delivery?.id ?? 0;
}

/** A device group of the account's company; answers its id. */
async function deviceGroup({ call }: Context, account: { headers: Record<string, string> }) {
  const created = await call('POST', DEVICE_PATHS.groups, {
    ...account,
    payload: { name: `走查分组${randomBytes(2).toString('hex')}`, max_devices: 10 },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ id: number }>().id;
}

/** The owner of a new company with internet telephony on (voip = 0). */
async function voipOwner(ctx: Context) {
  const account = await ctx.owner();
  await ctx.t.database.db.update(companies).set({ voip: 0 }).where(eq(companies.id, account.companyId));
  return account;
}

/** A device bound to a new company with internet telephony on; answers its serial. */
async function voipDevice(ctx: Context) {
  const { account, deviceId } = await boundDevice(ctx);
  await ctx.t.database.db.update(companies).set({ voip: 0 }).where(eq(companies.id, account.companyId));
  const device = await ctx.call('GET', DEVICE_PATHS.device(deviceId), account);
  expect(device.statusCode, device.body).toBe(200);
  return { account, sn: device.json<{ sn: string }>().sn };
}

/** An extension or call center the account adds at `path`; answers its id. */
async function voipExtension(
  { call }: Context,
  account: { headers: Record<string, string> },
  path: string,
  payload: object,
) {
  const created = await call('POST', path, { ...account, payload });
  expect(created.statusCode, created.body).toBe(201);
  const answer = created.json<{ id?: number; extension?: { id: number } }>();
  return answer.extension?.id ?? answer.id ?? 0;
}

/** A device phone of such a device; answers its owner, the device's serial and the phone's id. */
async function voipDevicePhone(ctx: Context) {
  const { account, sn } = await voipDevice(ctx);
  const id = await voipExtension(ctx, account, VOIP_PATHS.devicePhones, {
    dial_id: 'door-100',
    device_sn: sn,
  });
  return { account, sn, id };
}

/** An agent phone of a new company with internet telephony on; answers its owner and the phone's id. */
async function voipAgentPhone(ctx: Context) {
  const account = await voipOwner(ctx);
  return { account, id: await voipExtension(ctx, account, VOIP_PATHS.agentPhones, { dial_id: 'agent-100' }) };
}

/** A call center without agents of such a company; answers its owner and the call center's id. */
async function voipCallCenterOf(ctx: Context) {
  const account = await voipOwner(ctx);
  return { account, id: await voipExtension(ctx, account, VOIP_PATHS.callCenters, voipCallCenter([])) };
}

const voipCallCenter = (agents: number[]) => ({
  dial_id: '80000',
  name: 'Front desk',
  strategy: 'ring_all',
  max_wait: 60,
  ring_timeout: 20,
  delay_no_answer: 0,
  delay_busy: 0,
  delay_reject: 0,
  agents,
});

describe('write routes and their audit declarations (issue 6)', () => {
  it('finds the write routes it walks', () => {
    expect(WRITES.length).toBeGreaterThan(15);
  });

  it.each(WRITES.map((route) => [route.name, route] as const))(
    '%s declares the audit actions it records, or is exempt with a reason',
    (name, { call }) => {
      const exempt = Object.hasOwn(WRITES_NOT_AUDITED, routeOf(call));
      expect(
        call.audit !== undefined || exempt,
        `${name} writes without a declared audit and is not in WRITES_NOT_AUDITED`,
      ).toBe(true);
      if (exempt) expect(call.audit, `${name} is exempt, yet declares audit`).toBeUndefined();
      for (const action of auditOf(call)) expect(AUDIT_ACTIONS).toContain(action);
    },
  );

  it.each(Object.keys(WRITES_NOT_AUDITED))('the exemption of %s names a declared write', (key) => {
    expect(WRITES.map(routeKey)).toContain(key);
  });

  it.each(AUDITED.map((route) => [route.name, route] as const))(
    '%s has a recipe that makes it succeed',
    (name, route) => {
      expect(RECIPES[routeKey(route)], `add a recipe for ${name} to RECIPES`).toBeDefined();
    },
  );

  it.each(Object.keys(RECIPES))('the recipe of %s makes an audited write', (key) => {
    expect(AUDITED.map(routeKey)).toContain(key);
  });
});

describe.each(ENGINES)('every audited write route records an entry for its caller, on %s', (engine) => {
  let t: TestApp;
  let roleCounter = 0;
  blockApp(engine, (app) => (t = app));

  const context = (): Context => ({
    t,
    call: (method, url, { headers, payload, ip } = {}) =>
      t.app.inject({
        method: method as 'POST',
        url: `/webapi${url}`,
        headers,
        payload,
        remoteAddress: ip ?? '127.0.0.1',
      }),
    owner: async () => {
      const account = await addAccount(t, { company: 'own', verifyStatus: 2 });
      return { ...account, companyId: account.companyId ?? 0 };
    },
    role: async (companyId, name = `走查角色 ${++roleCounter}`) => {
      const [role] = await t.database.db
        .insert(roles)
        .values({ companyId, name, menus: { dashboard: [] } })
        .returning({ id: roles.id });
      if (!role) throw new Error('no role');
      return role.id;
    },
    member: async (companyId, roleId) => {
      const [user] = await t.database.db
        .insert(users)
        .values({ companyId, roleId, phone: nextPhone(), nickname: `成员${randomBytes(2).toString('hex')}` })
        .returning({ id: users.id });
      if (!user) throw new Error('no user');
      return user.id;
    },
  });

  it.each(AUDITED.filter((route) => RECIPES[routeKey(route)]).map((route) => [route.name, route] as const))(
    '%s',
    async (name, route) => {
      const { db } = t.database;
      const recipe = RECIPES[routeKey(route)];
      if (!recipe) throw new Error(`no recipe for ${name}`);
      const prepared = await recipe(context());
      const [before] = await db
        .select({ id: sql<number>`coalesce(max(${auditLogs.id}), 0)::int` })
        .from(auditLogs);
      const response = await prepared.act();
      expect(response.statusCode, response.body).toBeLessThan(300);
      const [actor] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, prepared.actorPhone));
      expect(actor, `no account ${prepared.actorPhone}`).toBeDefined();
      const entries = await db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(and(eq(auditLogs.userId, actor?.id ?? 0), gt(auditLogs.id, before?.id ?? 0)));
      const declared = auditOf(route.call);
      expect(
        entries.some((entry) => declared.includes(entry.action as AuditAction)),
        `${name} recorded none of ${declared.join(', ')} (got ${entries.map((entry) => entry.action).join(', ')})`,
      ).toBe(true);
    },
  );
});

/** A device of a new company with the cloud storage product on and a balance for its packages. */
async function cloudReady(ctx: Context) {
  const { account, deviceId } = await boundDevice(ctx);
  const companyId = account.companyId ?? 0;
  await ctx.t.database.db.update(companies).set({ cbs: 0 }).where(eq(companies.id, companyId));
  await new Ledger(ctx.t.database.db).post({ companyId, kind: 'adjustment', amount: 100_000 });
  return { account, deviceId };
}

/** A free cloud backup package on such a device; answers its owner and the package's id. */
async function cloudPackage(ctx: Context) {
  const { account, deviceId } = await cloudReady(ctx);
  const opened = await ctx.call('POST', CBS_PATHS.packages, {
    ...account,
    payload: { device_ids: [deviceId], service: 'cloud_backup', plan: 'r' },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { account, packageId: opened.json<{ packages: Array<{ id: number }> }>().packages[0]?.id ?? 0 };
}

/**
 * A bound device of a new company that bought one authorisation of a product with a trial; answers
 * the owner, the device and the product.
 */
async function authorisable(ctx: Context) {
  const { account, deviceId } = await boundDevice(ctx);
  await new Ledger(ctx.t.database.db).post({
    companyId: account.companyId ?? 0,
    kind: 'adjustment',
    amount: 1_000_000,
  });
  const [product] = await ctx.t.database.db
    .select({ id: algmallProducts.id })
    .from(algmallProducts)
    .where(isNotNull(algmallProducts.trialDays))
    .limit(1);
  const productId = product?.id ?? 0;
  const bought = await ctx.call('POST', ALGMALL_PATHS.orders, {
    ...account,
    payload: { product_id: productId, quantity: 1, request_id: randomUUID() },
  });
  expect(bought.statusCode, bought.body).toBe(201);
  return { account, deviceId, productId };
}

/** An online authorisation waiting for its (offline) device; answers the owner and its id. */
async function authorisation(ctx: Context) {
  const { account, deviceId, productId } = await authorisable(ctx);
  const made = await ctx.call('POST', ALGMALL_PATHS.authorisations, {
    ...account,
    payload: { product_id: productId, device_ids: [deviceId] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const listed = await ctx.call('GET', `${ALGMALL_PATHS.authorisations}?page=1&size=1`, account);
  return { account, id: listed.json<{ items: Array<{ id: number }> }>().items[0]?.id ?? 0 };
}

/** A usable voucher of ¥10 of the company; answers its id. */
async function voucher(ctx: Context, companyId: number) {
  const db = ctx.t.database.db;
  const [issued] = await new Coupons(db, new Ledger(db)).issue({
    companyId,
    value: 1_000,
    validFrom: new Date(Date.now() - 60_000),
    validUntil: new Date(Date.now() + 86_400_000),
    source: 'operator',
  });
  return issued?.id ?? 0;
}

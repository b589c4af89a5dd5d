/**
 * Every /webapi path of the platform, defined once: the server registers these and the console calls
 * them. Free of zod (zod-free.test.ts), so that the first load's code (the kernel's session, the
 * sign-in page) can import them. Each area's tables are a module of their own (`paths-*.ts`, which
 * the package's index exports and the areas' calls import directly): a bundler places a module whole
 * in one chunk, and one module of every table put them all in the first load's chunk, which needs
 * only the ones here.
 */
import { type PathWithId, pathWithId, patternsOf } from './path-with-id.js';

export { type PathWithId, pathWithId, patternsOf };

/** Signing in, up and out, and the password reset (spec §7.1). */
export const AUTH_PATHS = {
  loginPassword: '/v0/pms/users/login_password',
  logout: '/v1/pms/user/logout',
  puzzleCaptcha: '/v0/pms/puzzle_captcha',
  smsCode: '/v0/pms/sms_code',
  loginSmsCode: '/v0/pms/users/login_sms_code',
  loginOrSignupSmsCode: '/v0/pms/users/login_or_signup_sms_code',
  signup: '/v0/pms/users/signup',
  resetPassword: '/v0/pms/users/reset_password',
  scanQrcode: '/v0/pms/users/login_wechat/qrcode',
  scanLogin: '/v0/pms/users/login_wechat',
  scanConfirm: '/v0/pms/users/login_wechat/confirm',
  /** GET: where the messaging app sends the browser back with `code` and `state` (WECHAT_REDIRECT_URI). */
  scanCallback: '/v0/pms/users/login_wechat/callback',
  /** POST: a signed-in user's QR code that binds the messaging-app account scanning it to them. */
  scanBind: '/v1/pms/user/login_wechat/bind',
  /** GET: how the signed-in user's bind QR code `id` is doing (the console polls it). */
  scanBindState: pathWithId('/v1/pms/user/login_wechat/bind/:id'),
  devOutbox: '/dev/outbox',
} as const;

/**
 * The console's page the scan callback sends the browser to (the messaging app's window): `?result=ok`
 * or `?result=error&code=<error code>`. A console address, not a /webapi one.
 */
export const SCAN_DONE_PAGE = '/scan-done';

/** The console page of the development provider where the payer confirms or cancels. */
export const DEV_PAYMENT_PAGE_PATH = '/open-pages/dev-payment';

/**
 * The page's query parameter naming the payment (`?payment=`): not `token`, which the console reads
 * as a session token handed over in the address.
 */
export const DEV_PAYMENT_PAGE_QUERY = 'payment';

/** The calls of the own account (spec §7.1, prefix /v1/pms/user). */
export const ACCOUNT_PATHS = {
  /** GET: user info (spec §3); PUT: the own profile. */
  user: '/v1/pms/user',
  /** PUT changes the password, POST sets the first one. */
  password: '/v1/pms/user/password',
  /** POST: a user without a company creates one. */
  companies: '/v1/pms/user/companies',
} as const;

/** The calls of spec §7.2 on the company itself, and the object store's own routes. */
export const COMPANY_PATHS = {
  /** GET: the company with its verification images; PUT: display settings and verification. */
  company: '/v1/pms/company',
  uploadToken: '/v1/pms/company/resources/token',
  /** The object store: the upload a token allows, and the stored objects below `objects/`. */
  objectUpload: '/v1/pms/objects/upload',
  /**
   * The upload of a large object in parts (resumable): POST starts or resumes one under the token's
   * name; below `:id`, its parts, their reports, its completion.
   */
  partUploads: '/v1/pms/objects/uploads',
  partUpload: '/v1/pms/objects/uploads/:id',
  uploadPart: '/v1/pms/objects/uploads/:id/parts/:number',
  completePartUpload: '/v1/pms/objects/uploads/:id/complete',
  objects: '/v1/pms/objects',
} as const;

/** Cloud storage packages (plugin `cbs`, page cbs_dashboard; the company's product flag cbs = 0). */

/**
 * GET: the broker's version, which every session asks as it loads (the MQTT menu shows only while it
 * answers, spec §2.3); in the MQTT table too, as `MQTT_PATHS.version`.
 */
export const MQTT_VERSION_PATH = '/v1/mtx/company/version';

/** GET /v1/pms/menus (spec §7.1 "loads permission menus"): the catalogue's page addresses. */
export const CATALOGUE_PATH = '/v1/pms/menus';

/** The platform's own routes: health and the OpenAPI document (below /webapi). */
export const OPERATIONS_PATHS = {
  /** The server process alone, no database round trip (a supervisor may probe it often). */
  livez: '/livez',
  /** The server and its database. */
  healthz: '/healthz',
  apiDocument: '/api.json',
} as const;

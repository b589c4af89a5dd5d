/**
 * Every /webapi path of the platform, defined once: the server registers these and the console calls
 * them. Free of zod (zod-free.test.ts), so that the first load's code (the kernel's session, the
 * sign-in page) can import them.
 */
/**
 * A path with one `:id` parameter: the server registers its `pattern`, the console calls it with the
 * id. Paths without a parameter are plain strings, used as they are by both.
 */
export interface PathWithId<P extends string> {
  (id: number | string): string;
  /** The route pattern, `:id` included, as the server registers it. */
  readonly pattern: P;
}

export function pathWithId<P extends `${string}:id${string}`>(pattern: P): PathWithId<P> {
  return Object.assign((id: number | string) => pattern.replace(':id', encodeURIComponent(String(id))), {
    pattern,
  });
}

/** Every route pattern of a path table (a plain path, or the `pattern` of one with an id). */
export function patternsOf(paths: Readonly<Record<string, string | PathWithId<string>>>): string[] {
  return Object.values(paths).map((path) => (typeof path === 'string' ? path : path.pattern));
}

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

/** The calls of spec §7.3 (prefix /v1/mtx/company). */
export const MQTT_PATHS = {
  version: '/v1/mtx/company/version',
  /** GET: a page of the company's connected clients (list query). */
  clients: '/v1/mtx/company/clients',
  /** GET: how many clients match the wheres, by kind. */
  clientsCount: '/v1/mtx/company/clients/count',
  /** GET ?wheres=&orders=: the connected device clients that match, as .xlsx (mqtt_device_client's export). */
  clientsExport: '/v1/mtx/company/clients/export',
  /** GET ?from=&to=&step=: connected device and user clients over time. */
  clientsSeries: '/v1/mtx/company/clients/time_serial',
  /** DELETE: disconnects the client (its id URL-encoded), on whichever node holds it. */
  client: pathWithId('/v1/mtx/company/clients/:id'),
  subscriptions: '/v1/mtx/company/subscriptions',
  subscriptionsCount: '/v1/mtx/company/subscriptions/count',
  subscriptionsSeries: '/v1/mtx/company/subscriptions/time_serial',
  /** GET ?from=&to=&step=: messages in and out over time. */
  publishesSeries: '/v1/mtx/company/publishes/time_serial',
  /** POST: credentials for the debug tool (page mqtt_debug_tool). */
  debugToken: '/v1/mtx/company/debug_token',
  /** GET: the company's clients now and its messages a minute (the dashboard's card). */
  summary: '/v1/mtx/company/summary',
} as const;

/** POST: a page of one log (spec §7.3 mqtt_log/…), and its .xlsx export. */
export const MQTT_LOG_PATHS = {
  message: '/v1/mtx/company/mqtt_log/message',
  subscribe: '/v1/mtx/company/mqtt_log/subscribe',
  device_state: '/v1/mtx/company/mqtt_log/device_state',
  user_state: '/v1/mtx/company/mqtt_log/user_state',
} as const;
export const MQTT_LOG_EXPORT_PATHS = {
  message: '/v1/mtx/company/mqtt_log/message/export',
  subscribe: '/v1/mtx/company/mqtt_log/subscribe/export',
  device_state: '/v1/mtx/company/mqtt_log/device_state/export',
  user_state: '/v1/mtx/company/mqtt_log/user_state/export',
} as const;

/** The calls of spec §7.2 under /v1/pms/company that the system area uses. */
export const SYSTEM_PATHS = {
  users: '/v1/pms/company/users',
  /** PUT edits, DELETE detaches, POST gives another role (spec §7.2 lists both role calls). */
  user: pathWithId('/v1/pms/company/users/:id'),
  userRole: pathWithId('/v1/pms/company/users/:id/role'),
  /** GET: one user of the caller's company (spec §7.1 GET /v1/pms/users/{id}). */
  userById: pathWithId('/v1/pms/users/:id'),
  /** The company's roles as the users page needs them (same answer as `roles`). */
  userRoleOptions: '/v1/pms/company/users/roles',
  roles: '/v1/pms/company/roles',
  /** The downstream companies of the caller's company (spec §7.2 GET /children). */
  children: '/v1/pms/company/children',
  role: pathWithId('/v1/pms/company/roles/:id'),
} as const;

/** The calls of spec §7.4 (prefix /v1/ntc). */
export const NTC_PATHS = {
  notices: '/v1/ntc/notices',
  noticesCount: '/v1/ntc/notices/count',
  noticeRead: pathWithId('/v1/ntc/notices/:id/read'),
  messages: '/v1/ntc/messages',
  messagesCount: '/v1/ntc/messages/count',
  messageRead: pathWithId('/v1/ntc/messages/:id/read'),
  messagesReadAll: '/v1/ntc/messages/read_all',
} as const;

/** The algorithm mall (spec §1): the vendor's algorithms as products. */
export const ALGMALL_PATHS = {
  /** GET: a page of the products (list query: kind, text). */
  products: '/v1/algmall/products',
  /** GET: one product with its detail. */
  product: pathWithId('/v1/algmall/products/:id'),
  /** GET: a page of the company's orders (list query); POST: buys authorisations of a product. */
  orders: '/v1/algmall/company/orders',
  /** GET: one of the company's orders. */
  order: pathWithId('/v1/algmall/company/orders/:id'),
  /** GET: the orders of a filter as .xlsx. */
  ordersExport: '/v1/algmall/company/orders/export',
  /** GET: a page of the company's authorisations (list query); POST: authorises devices online. */
  authorisations: '/v1/algmall/company/authorisations',
  /** POST: cancels authorisations still waiting for their device. */
  authorisationsCancel: '/v1/algmall/company/authorisations/cancel',
  /** POST: retries failed, cancelled or timed-out authorisations. */
  authorisationsRetry: '/v1/algmall/company/authorisations/retry',
  /** GET: the authorisations of a filter as .xlsx. */
  authorisationsExport: '/v1/algmall/company/authorisations/export',
  /** POST (multipart: product_id, then file): authorises a device offline from its fingerprint file. */
  offlineLicences: '/v1/algmall/company/offline_licences',
  /** GET: an offline authorisation's licence file, again. */
  offlineLicence: pathWithId('/v1/algmall/company/offline_licences/:id/file'),
  /** POST: a trial of a product on one device. */
  trials: '/v1/algmall/company/trials',
  /** GET: the devices the caller may authorise (list query: sn). */
  devices: '/v1/algmall/company/devices',
  /** GET (public): the Ed25519 key licences are signed with, for devices. */
  licenceKey: '/v1/algmall/licence_key',
} as const;

/** The detection lab of the algorithm mall (spec §2.3 `algmall_detect_lab`). */
export const LVLM_LAB_PATHS = {
  /** GET: the company's trials of today. */
  trials: '/v1/algmall/lab/trials',
  /** POST (multipart file): keeps a trial image. */
  images: '/v1/algmall/lab/images',
  /** POST: a detection of a kept image. */
  detections: '/v1/algmall/lab/detections',
} as const;

/** The resources (spec §2.3 `resource_download`, `resource_management`, §2.1 `/sharePage`, `/official`). */
export const RESOURCE_PATHS = {
  /** GET: a page of the vendor's resources and the company's own (list query). */
  resources: '/v1/resources',
  /** GET: a resource's file, counted. */
  file: pathWithId('/v1/resources/:id/file'),
  /** GET: a resource's share links; POST: a new one. */
  links: pathWithId('/v1/resources/:id/links'),
  /** DELETE: revokes a share link. */
  link: pathWithId('/v1/resources/links/:id'),
  /** GET: the company's skip-login grants of the official page; POST: a new one. */
  officialGrants: '/v1/resources/official_grants',
  /** DELETE: revokes a skip-login grant. */
  officialGrant: pathWithId('/v1/resources/official_grants/:id'),
  /** GET (public): a share link's resource. */
  shared: '/v1/resources/shared/:token',
  /** GET (public): a share link's file. */
  sharedFile: '/v1/resources/shared/:token/file',
  /** GET (public): the official page's resources by its grant. */
  official: '/v1/resources/official/:token',
  /** GET (public): a file by the official page's grant. */
  officialFile: '/v1/resources/official/:token/:id/file',
  /** GET: a page of the company's own resources; POST: records an uploaded one. */
  company: '/v1/resources/company',
  /** POST: the upload token of a resource's file. */
  companyToken: '/v1/resources/company/token',
  /** PUT, DELETE: one of the company's own resources. */
  companyResource: pathWithId('/v1/resources/company/:id'),
} as const;

/** Campaigns (spec §1, §2.3 `promotion_info`, `trade_in`). */
export const CAMPAIGN_PATHS = {
  /** GET: every campaign, current and past. */
  campaigns: '/v1/campaigns',
  /** GET: the old-device models a trade-in accepts. */
  tradeInModels: '/v1/campaigns/trade_in/models',
  /** GET: a page of the company's trade-in applications (list query); POST: applies. */
  tradeInApplications: '/v1/campaigns/company/trade_in/applications',
  /** GET: one of the company's trade-in applications. */
  tradeInApplication: pathWithId('/v1/campaigns/company/trade_in/applications/:id'),
  /** GET: the company's balance and usable vouchers, for the trade-in screen. */
  voucherWallet: '/v1/campaigns/company/vouchers',
  /** GET: the cooperating first-level customers vouchers may go to. */
  voucherTargets: '/v1/campaigns/company/vouchers/targets',
  /** GET: a page of the company's voucher transfers (list query); POST: transfers a quantity. */
  voucherTransfers: '/v1/campaigns/company/vouchers/transfers',
  /** POST: exchanges balance for vouchers under a balance-exchange campaign. */
  balanceExchange: pathWithId('/v1/campaigns/:id/exchange'),
} as const;

/** Plate recognition (spec §1, §2.3 `prs_trial`, `prs_detail`). */
export const PRS_PATHS = {
  /** POST: reads the plate of an image, billed (the open API's operation). */
  recognize: '/v1/prs/recognize',
  /** GET: today's trials left; POST: a trial recognition, not billed. */
  trial: '/v1/prs/trial',
  /** GET: the company's resource packages not expired; POST: buys one. */
  packages: '/v1/prs/company/packages',
  /** GET: a month's calls by tier and by day. */
  usage: '/v1/prs/company/usage',
  /** GET: a page of the company's calls. */
  calls: '/v1/prs/company/calls',
  /** GET: the calls of a filter as .xlsx. */
  callsExport: '/v1/prs/company/calls/export',
} as const;

/** The calls under /v1/pms/company of the access-key page; owner only. */
export const ACCESS_KEY_PATHS = {
  /** GET: the company's keys (`{ items }`); POST: creates one (answers the secret, once). */
  keys: '/v1/pms/company/access_keys',
  /** PATCH: disables or enables a key; DELETE: deletes it. */
  key: pathWithId('/v1/pms/company/access_keys/:id'),
  /** GET: the open operations a key may be given (`{ items }`). */
  operations: '/v1/pms/company/access_keys/operations',
  /** GET: the keys (ids, never secrets) and open operations the API debug page signs with (`openapi_debug`). */
  debug: '/v1/pms/company/access_keys/debug',
} as const;

/**
 * Money (plugin `finance`; spec §7.2 GET/PUT /finance): the balance and settings, recharge orders
 * paid online, and the consumption records. Under /v1/pms/company like the company's other calls.
 */
export const FINANCE_PATHS = {
  /** GET: balance, this month's spending, warnings, invoice details; PUT: the details and threshold. */
  finance: '/v1/pms/company/finance',
  /** GET: a page of recharge orders (list query); POST: a new online recharge order. */
  recharges: '/v1/pms/company/finance/recharges',
  /** GET: one recharge order (the console polls it while the payer pays). */
  recharge: pathWithId('/v1/pms/company/finance/recharges/:id'),
  /** POST: a pending order is cancelled. */
  rechargeCancel: pathWithId('/v1/pms/company/finance/recharges/:id/cancel'),
  /** GET: a page of charges with the total of every charge the filters match. */
  consumption: '/v1/pms/company/finance/consumption',
  /** GET: the charges the filters match as .xlsx, refused beyond 5000 rows. */
  consumptionExport: '/v1/pms/company/finance/consumption/export',
  /** GET: a page of the company's vouchers (list query). */
  coupons: '/v1/pms/company/finance/coupons',
  /** POST: the voucher's value is credited to the balance. */
  couponRedeem: pathWithId('/v1/pms/company/finance/coupons/:id/redeem'),
  /** POST {company_id}: the voucher goes to a first-level customer (credited within 24 hours). */
  couponTransfer: pathWithId('/v1/pms/company/finance/coupons/:id/transfer'),
  /** GET: the companies a voucher may be transferred to. */
  couponTargets: '/v1/pms/company/finance/coupons/targets',
  /** GET: a page of the company's invoice requests; POST: an invoice for paid orders. */
  invoices: '/v1/pms/company/finance/invoices',
  /** GET: one invoice request with its orders. */
  invoice: pathWithId('/v1/pms/company/finance/invoices/:id'),
  /** GET: the invoice request as a PDF, in the caller's language. */
  invoicePdf: pathWithId('/v1/pms/company/finance/invoices/:id/pdf'),
  /** GET: the invoice requests the filters match as .xlsx, refused beyond 5000 rows. */
  invoicesExport: '/v1/pms/company/finance/invoices/export',
  /** GET: a page of the paid orders with their invoice state. */
  invoicePayments: '/v1/pms/company/finance/invoice_payments',
  /** GET/PUT: the invoice details (tax id, bank, bank number, address, email). */
  invoiceDetails: '/v1/pms/company/finance/invoice_details',
  /** GET: balance, this month's spending and the next bill (the dashboard's card). */
  summary: '/v1/pms/company/finance/summary',
} as const;

/** Cloud storage packages (plugin `cbs`, page cbs_dashboard; the company's product flag cbs = 0). */
/** Video detail (page video_detail): the cloud video recordings of devices with a cloud video package. */
export const VIDEO_PATHS = {
  /** GET: a page of the caller's devices that hold a cloud video package, to pick one. */
  devices: '/v1/cbs/company/video/devices',
  /** GET: a page of recordings (list query: device_id, started_at). */
  recordings: '/v1/cbs/company/video/recordings',
  /** GET: one recording with a signed, expiring URL to play it. */
  recording: pathWithId('/v1/cbs/company/video/recordings/:id'),
  /** GET: a signed, expiring URL that downloads the recording. */
  download: pathWithId('/v1/cbs/company/video/recordings/:id/download'),
} as const;

export const CBS_PATHS = {
  /** GET: a page of the company's packages (list query); POST: open packages on devices. */
  packages: '/v1/cbs/company/packages',
  /** PUT: another plan for a package. */
  package: pathWithId('/v1/cbs/company/packages/:id'),
  /** POST: the package closes at the start of next month. */
  close: pathWithId('/v1/cbs/company/packages/:id/close'),
  /** GET: usage against quota, charges by month, packages near their quota. */
  dashboard: '/v1/cbs/company/dashboard',
  /** GET: a page of the company's own devices with their cloud states, to open packages on. */
  devices: '/v1/cbs/company/devices',
  /** GET: space used against quota, packages near or over a quota (the dashboard's card). */
  summary: '/v1/cbs/company/summary',
} as const;

/**
 * The development payment provider's calls (docs/operations.md), public: the payment token in the
 * path is all the payer holds. Present only while the development provider is the one in use.
 */
export const DEV_PAYMENT_PATHS = {
  /** GET: the order the token pays; POST {action}: the payer confirms or cancels. */
  payment: pathWithId('/dev/payments/:id'),
} as const;

/**
 * The payment gateways' asynchronous notifications (docs/operations.md "Payments"), public: the
 * gateway's signature is what they are checked by. `:id` is the provider, `alipay` or `wechatpay`.
 */
export const PAYMENT_NOTIFY_PATHS = {
  /** POST: the gateway's signed notification of a payment (form for Alipay, JSON for WeChat Pay). */
  notify: pathWithId('/v1/payments/:id/notify'),
} as const;

/** The console page of the development provider where the payer confirms or cancels. */
export const DEV_PAYMENT_PAGE_PATH = '/open-pages/dev-payment';
/**
 * The page's query parameter naming the payment (`?payment=`): not `token`, which the console reads
 * as a session token handed over in the address.
 */
export const DEV_PAYMENT_PAGE_QUERY = 'payment';

/** The open device manager's call (spec §2.1 /open-pages/device-manager): public, the link signs it. */
export const DEVICE_MANAGER_PATHS = {
  /** GET: a page of the link's access key's devices, read-only. */
  devices: '/v1/open/device_manager/devices',
} as const;

/** The calls of the audit log (prefix /v1/pms/company). */
export const AUDIT_PATHS = {
  /** GET: a page of entries (list query: page, size, wheres, orders). */
  list: '/v1/pms/company/audit_logs',
  /** GET: the entries as CSV (text/csv, UTF-8 with BOM, header row), same wheres/orders. */
  export: '/v1/pms/company/audit_logs/export',
} as const;

/**
 * The device area (pages device_maintenance, device_bind_record, device_verify; prefix
 * /v1/dms/company). Lists take the list query of spec §3; devices are limited to the caller's groups.
 */
export const DEVICE_PATHS = {
  /** GET: a page of the company's and its downstream companies' devices. */
  devices: '/v1/dms/company/devices',
  /** GET: one device; PATCH: rename (and remark); DELETE: unbind. */
  device: pathWithId('/v1/dms/company/devices/:id'),
  /** POST: bind one device (by serial and device code, or as a GB28181 device). */
  bind: '/v1/dms/company/devices/bind',
  /** POST: move the selected devices into a group or out of every group. */
  move: '/v1/dms/company/devices/move',
  /** POST: unbind the selected devices. */
  unbind: '/v1/dms/company/devices/unbind',
  /** GET: the devices of the filter as .xlsx (wheres/orders as the list). */
  export: '/v1/dms/company/devices/export',
  /** POST (multipart): bind the rows of a workbook (.xlsx or .csv). */
  import: '/v1/dms/company/devices/import',
  /** GET ?mode=&format=: the empty workbook of an import mode. */
  importTemplate: '/v1/dms/company/devices/import/template',
  /** POST: is this serial or device code a genuine unit, and where does it stand. */
  verify: '/v1/dms/company/devices/verify',
  /** GET: every group of the company (`{ items, ungrouped }`); POST: create one. */
  groups: '/v1/dms/company/groups',
  /** PUT: rename or change the maximum; DELETE: delete (its devices become ungrouped). */
  group: pathWithId('/v1/dms/company/groups/:id'),
  /** GET: a page of binding records. */
  bindRecords: '/v1/dms/company/bind_records',
  /** GET: the binding records of the filter as .xlsx. */
  bindRecordsExport: '/v1/dms/company/bind_records/export',
  /** GET: the devices online and offline now and over the last day (the dashboard's card). */
  summary: '/v1/dms/company/devices/summary',
} as const;

/** Device tasks and firmware packages of page device_maintenance (spec §1, §3 Task; issue 16). */
export const TASK_PATHS = {
  /** GET: a page of the company's tasks, newest first. */
  tasks: '/v1/dms/company/tasks',
  /** GET: one task. */
  task: pathWithId('/v1/dms/company/tasks/:id'),
  /** GET: a page of a task's jobs, one per device. */
  jobs: pathWithId('/v1/dms/company/tasks/:id/jobs'),
  /** GET: a task's jobs as .xlsx. */
  jobsExport: pathWithId('/v1/dms/company/tasks/:id/jobs/export'),
  /** POST: the failed jobs (of some devices, or all) start again. */
  retry: pathWithId('/v1/dms/company/tasks/:id/retry'),
  /** POST: the jobs not started fail `cancelled`; started ones run to their end. */
  cancel: pathWithId('/v1/dms/company/tasks/:id/cancel'),
  /** POST: a firmware upgrade task. */
  upgrade: '/v1/dms/company/tasks/firmware_upgrade',
  /** POST: a configuration task (a template applied to devices). */
  configuration: '/v1/dms/company/tasks/configuration',
  /** POST: a white-list task (checked entries pushed to devices). */
  whitelist: '/v1/dms/company/tasks/whitelist',
  /** POST (multipart file, list): a white-list workbook's entries and its refused rows, by row number. */
  whitelistCheck: '/v1/dms/company/tasks/whitelist/check',
  /** GET: the company's configuration templates; POST: create one. */
  configTemplates: '/v1/dms/company/config_templates',
  /** PUT: change a template; DELETE: delete it (tasks keep what they applied). */
  configTemplate: pathWithId('/v1/dms/company/config_templates/:id'),
  /** GET: the company's firmware packages; POST: record an uploaded one. */
  firmware: '/v1/dms/company/firmware',
  /** DELETE: a package no task uses any more. */
  firmwareItem: pathWithId('/v1/dms/company/firmware/:id'),
  /** POST: an upload token for a package (the object store's token flow, spec §7.2). */
  firmwareToken: '/v1/dms/company/firmware/token',
  /** GET: tasks running, and ended failed or completed lately (the dashboard's card). */
  summary: '/v1/dms/company/tasks/summary',
} as const;

/** The remote terminal (spec §2.1 /telnet). */
export const TERMINAL_PATHS = {
  /** POST: a single-use ticket for a device's terminal (the page's `telnet` button). */
  ticket: pathWithId('/v1/dms/company/devices/:id/telnet'),
} as const;
/** The WebSocket of a terminal page, `?ticket=…` (below /webapi, not a route of the API's router). */
export const TERMINAL_SOCKET_PATH = '/webapi/v1/dms/telnet';
/** The console's terminal page. */
export const TERMINAL_PAGE_PATH = '/telnet';

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

/** Hologram parking (spec §2.3 hologram_parking; issue 32): screen-display schemes of parking sites. */
export const HOLOGRAM_PATHS = {
  /** GET: a page of the company's schemes (list query: name); POST: adds one. */
  schemes: '/v1/media/company/hologram/schemes',
  /** PUT: edits a scheme; DELETE: deletes it. */
  scheme: pathWithId('/v1/media/company/hologram/schemes/:id'),
  /** POST: an upload token of a scheme file `hologram/{companyId}_{md5}.tar` (resumable, in parts). */
  fileToken: '/v1/media/company/hologram/file_token',
  /** GET: a page of the devices a scheme is published to, with their states; POST: publishes it to more. */
  deliveries: pathWithId('/v1/media/company/hologram/schemes/:id/devices'),
  /** POST: publishes a scheme again to those of its devices whose delivery failed. */
  retry: pathWithId('/v1/media/company/hologram/schemes/:id/devices/retry'),
  /** GET: the devices the caller may publish to (list query: sn). */
  devices: '/v1/media/company/hologram/devices',
} as const;

/** Ad packages (spec §2.3 adpkg_management, adpkg_design; issue 32): layouts of a device's screen. */
export const ADPKG_PATHS = {
  /** GET: a page of the company's packages (list query: name); POST: adds one. */
  packages: '/v1/media/company/adpkg/packages',
  /** GET: one package; PUT: edits it; DELETE: deletes it. */
  package: pathWithId('/v1/media/company/adpkg/packages/:id'),
  /** POST: an upload token of an item's file `adpkg/{companyId}_{md5}.{jpg|png|mp4}` (resumable, in parts). */
  fileToken: '/v1/media/company/adpkg/file_token',
  /** GET: a page of the devices a package is published to, with their states; POST: publishes it to more. */
  deliveries: pathWithId('/v1/media/company/adpkg/packages/:id/devices'),
  /** POST: publishes a package again to those of its devices whose delivery failed. */
  retry: pathWithId('/v1/media/company/adpkg/packages/:id/devices/retry'),
  /** GET: the devices the caller may publish to (list query: sn). */
  devices: '/v1/media/company/adpkg/devices',
} as const;

/**
 * Internet telephony (spec §2.3 voip_*; issue 33): device phones, agent phones, call centers and
 * dial records of the company.
 */
export const VOIP_PATHS = {
  /** GET: where phones register, and whether live status is read. */
  server: '/v1/voip/company/server',
  /** GET: a page of the device phones; POST: adds one. */
  devicePhones: '/v1/voip/company/device_phones',
  /** PUT: edits a device phone; DELETE: deletes it. */
  devicePhone: pathWithId('/v1/voip/company/device_phones/:id'),
  /** POST: a new password of a device phone, answered once. */
  devicePhonePassword: pathWithId('/v1/voip/company/device_phones/:id/password'),
  /** POST: imports device phones from a workbook (multipart), all or nothing. */
  devicePhonesImport: '/v1/voip/company/device_phones/import',
  /** GET: the import's empty workbook. */
  devicePhonesTemplate: '/v1/voip/company/device_phones/import/template',
  /** GET: the devices a device phone may be bound to (list query: sn). */
  devices: '/v1/voip/company/devices',
  /** GET: a page of the agent phones with their call centers; POST: adds one. */
  agentPhones: '/v1/voip/company/agent_phones',
  /** PUT: edits an agent phone; DELETE: deletes it. */
  agentPhone: pathWithId('/v1/voip/company/agent_phones/:id'),
  /** POST: a new password of an agent phone, answered once. */
  agentPhonePassword: pathWithId('/v1/voip/company/agent_phones/:id/password'),
  /** GET: a page of the call centers with their agents; POST: adds one. */
  callCenters: '/v1/voip/company/call_centers',
  /** PUT: edits a call center; DELETE: deletes it. */
  callCenter: pathWithId('/v1/voip/company/call_centers/:id'),
  /** GET: a page of the dial records. */
  dialRecords: '/v1/voip/company/dial_records',
  /** GET: the dial records of a filter as .xlsx. */
  dialRecordsExport: '/v1/voip/company/dial_records/export',
} as const;

/** The pattern of every route above: the server registers no /webapi route outside this list. */
export const API_ROUTE_PATTERNS: readonly string[] = [
  AUTH_PATHS,
  ACCOUNT_PATHS,
  COMPANY_PATHS,
  MQTT_PATHS,
  MQTT_LOG_PATHS,
  MQTT_LOG_EXPORT_PATHS,
  SYSTEM_PATHS,
  NTC_PATHS,
  ACCESS_KEY_PATHS,
  DEVICE_MANAGER_PATHS,
  AUDIT_PATHS,
  DEVICE_PATHS,
  TASK_PATHS,
  TERMINAL_PATHS,
  FINANCE_PATHS,
  DEV_PAYMENT_PATHS,
  PAYMENT_NOTIFY_PATHS,
  CBS_PATHS,
  VIDEO_PATHS,
  ALGMALL_PATHS,
  LVLM_LAB_PATHS,
  RESOURCE_PATHS,
  PRS_PATHS,
  HOLOGRAM_PATHS,
  CAMPAIGN_PATHS,
  ADPKG_PATHS,
  VOIP_PATHS,
  { catalogue: CATALOGUE_PATH },
  OPERATIONS_PATHS,
].flatMap(patternsOf);

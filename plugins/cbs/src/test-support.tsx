import '@vap/ui/test-polyfills';
import {
  CBS_PATHS,
  type CbsDashboard,
  CLOUD_PLAN_QUOTAS,
  type CloudDevice,
  type CloudPackage,
  decodeListParam,
  type MenuItem,
  type Where,
} from '@vap/contracts';
import { messages, useKernel } from '@vap/kernel';
import { type Answers, type RecordedCall, renderPluginPage } from '@vap/kernel/testing';
import { DialogHost, message, Toaster, uiMessages } from '@vap/ui';
import { useEffect } from 'react';
import plugin from './index.js';

/** The console's strings and the design system's, as the console passes them. */
export const sharedMessages = [
  messages('translation', {
    en: () => import('../../../locales/en.json'),
    'zh-CN': () => import('../../../locales/zh-CN.json'),
    'zh-TW': () => import('../../../locales/zh-TW.json'),
  }),
  {
    ...messages('shell', {
      en: () => import('../../../locales/shell/en.json'),
      'zh-CN': () => import('../../../locales/shell/zh-CN.json'),
      'zh-TW': () => import('../../../locales/shell/zh-TW.json'),
    }),
    extendsDefault: true,
  },
  uiMessages,
];

/** What the console's shell does with a failed call (apps/console session-alerts): shows its message. */
function ServerMessages() {
  const { bus } = useKernel();
  useEffect(() => {
    const subscription = bus.subscribe('http.error', ({ message: text }) => message.error(text));
    return () => subscription.unsubscribe();
  }, [bus]);
  return null;
}

/** The dialog host, the toaster and the server's messages, as the console renders them. */
const overlays = (
  <>
    <DialogHost />
    <Toaster />
    <ServerMessages />
  </>
);

export type PageOptions = NonNullable<Parameters<typeof renderPluginPage>[2]>;

export const PAGE = 'cbs_dashboard';

const MB = 1024 * 1024;

export const cloudPackage = (partial: Partial<CloudPackage> & Pick<CloudPackage, 'id'>): CloudPackage => {
  const plan = partial.plan ?? 'c';
  return {
    device_id: partial.id + 100,
    sn: `1234567890132${String(partial.id).padStart(7, '0')}`,
    device_name: `Camera ${partial.id}`,
    service: 'cloud_backup',
    plan,
    next_plan: null,
    state: 'active',
    period_start: '2026-10-31T16:00:00.000Z',
    period_end: '2026-11-30T16:00:00.000Z',
    space_used: 10 * MB,
    flow_used: 2 * MB,
    space_quota: CLOUD_PLAN_QUOTAS[plan].space,
    flow_quota: CLOUD_PLAN_QUOTAS[plan].flow,
    opened_at: '2026-10-05T02:00:00.000Z',
    ...partial,
  };
};

export const dashboard = (partial: Partial<CbsDashboard> = {}): CbsDashboard => ({
  totals: [
    {
      service: 'cloud_backup',
      active: 12,
      suspended: 2,
      space_used: 300 * MB,
      space_quota: 1200 * MB,
      flow_used: 90 * MB,
      flow_quota: 100 * MB,
    },
    {
      service: 'cloud_video',
      active: 3,
      suspended: 0,
      space_used: 50 * MB,
      space_quota: 500 * MB,
      flow_used: 5 * MB,
      flow_quota: 100 * MB,
    },
  ],
  near_quota: [],
  charges: [
    { month: '2026-06', amount: 0 },
    { month: '2026-07', amount: 1_500 },
    { month: '2026-08', amount: 6_000 },
    { month: '2026-09', amount: 6_000 },
    { month: '2026-10', amount: 7_250 },
    { month: '2026-11', amount: 8_000 },
  ],
  next_month: 9_500,
  ...partial,
});

export const device = (partial: Partial<CloudDevice> & Pick<CloudDevice, 'id'>): CloudDevice => ({
  sn: `SN${String(partial.id).padStart(6, '0')}`,
  name: `Lobby ${partial.id}`,
  kind: 'ipc',
  cloud_backup: 'none',
  cloud_video: 'none',
  ...partial,
});

/** A page of a list, as the server answers it. */
export const pageOf = <T,>(items: readonly T[], total = items.length) => ({ body: { items, total } });

/** What the page asks when it opens, answered: the figures, the packages and the devices. */
export const baseAnswers = (
  packages: readonly CloudPackage[] = [],
  devices: readonly CloudDevice[] = [],
): Answers => ({
  [`GET ${CBS_PATHS.dashboard}`]: { body: dashboard() },
  [`GET ${CBS_PATHS.packages}`]: pageOf(packages),
  [`GET ${CBS_PATHS.devices}`]: pageOf(devices),
});

/**
 * Renders the cloud-storage page as the console does, with the console's strings, the dialogs and
 * the messages beside it, answering `answers` unless the options answer otherwise.
 */
export function renderCbsPage(answers: Answers, options: PageOptions = {}) {
  return renderPluginPage(plugin, PAGE, {
    messages: sharedMessages,
    beside: overlays,
    ...options,
    answers: { ...answers, ...options.answers },
  });
}

export const wheresOf = (call: RecordedCall | undefined): Where[] => {
  const encoded = call?.query.get('wheres');
  return encoded ? (decodeListParam(encoded) as Where[]) : [];
};

/** The calls of one method and path, oldest first. */
export const callsTo = (calls: readonly RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

/** The finance area's recharge page in the user's menu, beside the tested page. */
export const rechargeMenu: MenuItem = {
  id: 300,
  parent_id: 0,
  name: 'finance',
  type: 'dir',
  path: 'finance',
  title: 'menu.finance',
  icon: '',
  is_hidden: false,
  is_disable: false,
  sort: 300,
  children: [
    {
      id: 301,
      parent_id: 300,
      name: 'recharge',
      type: 'page',
      path: 'recharge',
      title: 'menu.recharge',
      icon: '',
      is_hidden: false,
      is_disable: false,
      sort: 1,
      children: [],
    },
  ],
};

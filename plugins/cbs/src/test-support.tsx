import {
  CBS_PATHS,
  type CbsDashboard,
  CLOUD_PLAN_QUOTAS,
  type CloudDevice,
  type CloudPackage,
  type MenuItem,
} from '@vap/contracts';
import { type Answers, pageOf, type RenderPageOptions } from '@vap/kernel/testing';
import { renderConsolePage } from '@vap/ui/testing';
import { beforeEach, vi } from 'vitest';
import plugin from './index.js';

export type PageOptions = RenderPageOptions;

export const PAGE = 'cbs_dashboard';

const MB = 1024 * 1024;

/**
 * The tests of the calling file run on 16 November 2026 (UTC+8), half of a 30-day month left: the
 * first month of a package, or the rest of a changed one, costs half its price. Only Date is mocked,
 * so that the estimates are computed at a known moment; `@vap/ui/test-cleanup` makes the clock real
 * again after each test.
 */
export function midNovember() {
  beforeEach(() => {
    vi.setSystemTime(Date.parse('2026-11-16T00:00:00+08:00'));
  });
}

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

export { pageOf };

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
  return renderConsolePage(plugin, PAGE, answers, options);
}

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

/** The media area's video detail page (hidden in the menu) in the user's menu, beside the tested page. */
export const videoDetailMenu: MenuItem = {
  ...rechargeMenu,
  id: 400,
  name: 'media',
  path: 'media',
  title: 'menu.media',
  children: [
    {
      ...(rechargeMenu.children[0] as MenuItem),
      id: 403,
      parent_id: 400,
      name: 'video_detail',
      path: 'video-detail',
      title: 'menu.video_detail',
      is_hidden: true,
    },
  ],
};

/**
 * The functional areas of architecture §3 whose plugin packages are not built yet. Each one
 * claims its pages with the "coming soon" screen and carries the spec's visibility rules
 * (§2.3 menu filtering), so the menu behaves exactly as it will once the real plugin lands.
 * When an area's package is built, its entry here is deleted and the package is listed in
 * `plugins.ts` instead.
 */
import {
  definePlugin,
  menuDir,
  type PageContribution,
  type PageOptions,
  page,
  whenProductEnabled,
} from '@vap/kernel';

import ComingSoon from './pages/coming-soon.js';

// The console shows this screen elsewhere too, so it ships in the main chunk.
const comingSoon = async () => ({ default: ComingSoon });
const pages = (names: readonly string[], options: PageOptions = {}): PageContribution[] =>
  names.map((name) => page(name, comingSoon, options));

export const plannedPlugins = [
  definePlugin({
    id: 'voip',
    kernel: '^2',
    activation: whenProductEnabled('voip'),
    menuDirs: [menuDir('voip', whenProductEnabled('voip'))],
    pages: pages(['voip_device_phone', 'voip_agent_phone', 'voip_call_center', 'voip_dial_record']),
  }),
];

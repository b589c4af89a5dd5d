/**
 * The functional areas of architecture §3 whose plugin packages are not built yet. Each one
 * claims its pages with the "coming soon" screen and carries the spec's visibility rules
 * (§2.3 menu filtering), so the menu behaves exactly as it will once the real plugin lands.
 * When an area's package is built, its entry here is deleted and the package is listed in
 * `plugins.ts` instead. Every area of the spec's menu is built now: the list is empty, and the
 * screen remains for a page the server's menu names that no plugin claims.
 */
import { type PageContribution, type PageOptions, type Plugin, page } from '@vap/kernel';

import ComingSoon from './pages/coming-soon.js';

// The console shows this screen elsewhere too, so it ships in the main chunk.
const comingSoon = async () => ({ default: ComingSoon });

/** A page of an area not built yet: the "coming soon" screen, titled by its menu entry. */
export const plannedPage = (name: string, options: PageOptions = {}): PageContribution =>
  page(name, comingSoon, options);

export const plannedPlugins: Plugin[] = [];

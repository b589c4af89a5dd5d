/**
 * The extension points the dashboard offers to other plugins. This module is its own entry of the
 * package (`@vap/plugin-dashboard/points`) and imports nothing but the kernel, so a plugin that
 * contributes a card carries this small file and none of the dashboard's code.
 */
import { createExtensionPoint, type LazyComponent } from '@vap/kernel';

/** A card of the home page: a lazy component without props, with its own frame (`Card`) and data. */
export interface DashboardCard {
  readonly component: LazyComponent;
  /**
   * The page the card summarises and links to (a server menu page name). The dashboard shows the
   * card only to a user whose menu has that page, and never loads its code otherwise: what the card
   * asks of the server needs the page as well. Without it the card is shown to everyone.
   */
  readonly page?: string;
}

/** The cards of the home page (spec §2.2 /dashboard), after its own figures. */
export const DashboardCards = createExtensionPoint<DashboardCard>('dashboard.cards@1');

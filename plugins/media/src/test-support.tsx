import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HologramScheme } from '@vap/contracts';
import type { Answers, RenderPageOptions } from '@vap/kernel/testing';
import { renderConsolePage } from '@vap/ui/testing';
import plugin from './index.js';

/** A scheme as the list answers it. */
export const scheme = (
  partial: Partial<HologramScheme> & Pick<HologramScheme, 'id' | 'name'>,
): HologramScheme => ({
  site: 'North gate car park',
  file: `hologram/1_${'a'.repeat(32)}.tar`,
  size: 2_097_152,
  md5: 'a'.repeat(32),
  screens: 3,
  devices: { total: 0, in_progress: 0, success: 0, failed: 0 },
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  ...partial,
});

export { pageOf } from '@vap/kernel/testing';

/** Renders a page of the plugin as the console does (`@vap/ui/testing`). */
export function renderMediaPage(name: string, answers: Answers, options: RenderPageOptions = {}) {
  return renderConsolePage(plugin, name, answers, options);
}

/** Clicks `action` in the "More actions" menu of a table row, where a list folds its rarer actions. */
export async function clickMoreAction(row: HTMLElement, action: string) {
  await userEvent.click(within(row).getByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

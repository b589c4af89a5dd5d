/** Why a terminal closed, in words of the console's language (locales/server, `terminalEnd`). */
import type { TerminalEndReason } from '@vap/contracts';
import { type Language, translate } from '../../core/http/i18n.js';

export function endMessage(language: Language, reason: TerminalEndReason, idleMs: number): string {
  const minutes = Math.max(1, Math.round(idleMs / 60_000));
  return translate(language, `terminalEnd.${reason}`).replace('{{minutes}}', String(minutes));
}

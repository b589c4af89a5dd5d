import type { Answers, RenderPageOptions } from '@vap/kernel/testing';
import { renderConsolePage } from '@vap/ui/testing';
import plugin from './index.js';

/** Renders a page of plate recognition as the console does, answering `answers`. */
export function renderPrsPage(name: string, answers: Answers, options: RenderPageOptions = {}) {
  return renderConsolePage(plugin, name, answers, options);
}

import type { Language } from '@vap/contracts';
import { chart } from './chart.js';
import { common } from './common.js';
import { data } from './data.js';
import { form } from './form.js';
import { overlay } from './overlay.js';
import { upload } from './upload.js';

const areas = { common, form, overlay, data, upload, chart };

/** The whole `ui` namespace in one language: `{ common: {…}, form: {…}, … }`. */
export function uiStrings(language: Language): Record<string, unknown> {
  return Object.fromEntries(Object.entries(areas).map(([area, strings]) => [area, strings[language]]));
}

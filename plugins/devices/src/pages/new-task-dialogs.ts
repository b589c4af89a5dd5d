import { lazy } from 'react';

/**
 * The dialog of each new task, by its action: the device list opens them for chosen devices, the
 * Tasks view for a group or the device list's filter. Each takes `target`, `onClose`, `onCreated`.
 * Each loads when first opened, not with the device list (issue 30 §5): with what it alone uses
 * (the white list's CSV template writer, csv-stringify, among them). Render one inside Suspense.
 */
export const NEW_TASK_DIALOGS = {
  upgrade: lazy(() => import('./upgrade-dialog.js').then((module) => ({ default: module.UpgradeDialog }))),
  configure: lazy(() =>
    import('./configure-dialog.js').then((module) => ({ default: module.ConfigureDialog })),
  ),
  whitelist: lazy(() =>
    import('./whitelist-dialog.js').then((module) => ({ default: module.WhitelistDialog })),
  ),
};
export type NewTask = keyof typeof NEW_TASK_DIALOGS;

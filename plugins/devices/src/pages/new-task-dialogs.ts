import { lazyExport } from '@vap/kernel';

/**
 * The dialog of each new task, by its action: the device list opens them for chosen devices, the
 * Tasks view for a group or the device list's filter. Each takes `target`, `onClose`, `onCreated`.
 * Each loads when first opened, not with the device list (issue 30 §5): with what it alone uses
 * (the white list's CSV template writer, csv-stringify, among them). Render one inside Suspense.
 */
export const NEW_TASK_DIALOGS = {
  upgrade: lazyExport(() => import('./upgrade-dialog.js'), 'UpgradeDialog'),
  configure: lazyExport(() => import('./configure-dialog.js'), 'ConfigureDialog'),
  whitelist: lazyExport(() => import('./whitelist-dialog.js'), 'WhitelistDialog'),
};
export type NewTask = keyof typeof NEW_TASK_DIALOGS;

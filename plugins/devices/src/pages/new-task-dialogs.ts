import { ConfigureDialog } from './configure-dialog.js';
import { UpgradeDialog } from './upgrade-dialog.js';
import { WhitelistDialog } from './whitelist-dialog.js';

/**
 * The dialog of each new task, by its action: the device list opens them for chosen devices, the
 * Tasks view for a group or the device list's filter. Each takes `target`, `onClose`, `onCreated`.
 */
export const NEW_TASK_DIALOGS = {
  upgrade: UpgradeDialog,
  configure: ConfigureDialog,
  whitelist: WhitelistDialog,
};
export type NewTask = keyof typeof NEW_TASK_DIALOGS;

import account from '@vap/plugin-account';
import dashboard from '@vap/plugin-dashboard';
import { plannedPlugins } from './planned-plugins.js';

/** Every plugin of the console, in the order their contributions are listed. */
export const plugins = [account, dashboard, ...plannedPlugins];

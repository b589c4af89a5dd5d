/** System notices and the users' messages (spec §7.4), and the operator's commands for them. */
export { noticeCommands } from './ops.js';
export { noticesModule } from './routes.js';
export { deliverMessages } from './service.js';

/** The signed-in user's own account (spec §3, §7.1): user info, profile and password. */
export { type AccountModuleOptions, accountRoutes as accountModule } from './routes.js';

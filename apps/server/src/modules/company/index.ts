/** The company itself (spec §4.2, §5.3, §7.2) and the operator's verification review. */
export { companyCommands } from './ops.js';
export { type CompanyModuleOptions, companyRoutes as companyModule } from './routes.js';

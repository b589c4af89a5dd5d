/** The owner's audit log page and its export; entries are written by core/audit/recorder.ts. */
export { auditModule } from './routes.js';

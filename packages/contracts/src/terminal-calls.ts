/** The calls of the remote terminal (page /telnet). */
import { declareCalls } from './calls.js';

const schemas = () => import('./terminal.js');

export const TERMINAL_CALLS = declareCalls(schemas, {});

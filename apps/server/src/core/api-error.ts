/**
 * The error a request's work throws to be answered `{ code, message }` (spec §8). It sits below
 * both the HTTP layer, which answers it (http/errors.ts), and the services that throw it (auth/,
 * the modules), so that neither has to import the other for it.
 */
import type { ErrorCode } from '@vap/contracts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    /** A locale key of a more specific message than `errors.<code>`. */
    readonly messageKey: string = `errors.${code}`,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export const unauthorized = () => new ApiError(401, 'unauthorized');

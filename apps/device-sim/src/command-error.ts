/**
 * A command's refusal, with a code for the reply's `error`: apart from commands.ts so that the shell
 * may throw it without a cycle.
 */
export class CommandError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message ?? code);
  }
}

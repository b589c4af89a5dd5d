import { type Kernel, NoAccessError } from '@vap/kernel';

/**
 * Stores the token and loads the session; the failure text to show, or null when signed in.
 * The no-access case has its own warning (spec §4.1); anything else is the server's message.
 */
export async function signInWith(kernel: Kernel, token: string, noAccess: string): Promise<string | null> {
  try {
    await kernel.session.signIn(token);
    return null;
  } catch (error) {
    return error instanceof NoAccessError ? noAccess : (error as Error).message;
  }
}

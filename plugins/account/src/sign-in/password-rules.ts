/**
 * What the password method checks and expects (spec §5.2, §7.1), from @vap/contracts. The sign-in
 * page loads this module when the form is first used, not with the page: its first load does not
 * carry zod and the schemas.
 */
import { loginPasswordBodySchema } from '@vap/contracts';

export { loginResultSchema } from '@vap/contracts';

/** The locale key of what is wrong with the typed account (phone or email), if anything. */
export function accountIssue(account: string): string | undefined {
  return loginPasswordBodySchema.shape.account.safeParse(account).error?.issues[0]?.message;
}

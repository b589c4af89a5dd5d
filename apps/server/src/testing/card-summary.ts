/**
 * The summary call behind a dashboard card (issue 29), as the tests of each area's summary make it:
 * every summary answers 200 to a caller of the card's page and `[403, 'forbidden']` to one without.
 */
import type { MenusMap } from '@vap/contracts';
import { expect } from 'vitest';
import { addAccount, addMember } from './accounts.js';
import type { TestApp } from './test-app.js';

type Headers = Record<string, string>;

/** The summary at `path` (below /webapi) of the app `app()` answers once the block has started it. */
export function cardSummary<Summary>(app: () => TestApp, path: string) {
  const get = (headers: Headers) => app().app.inject({ method: 'GET', url: `/webapi${path}`, headers });
  const summary = async (headers: Headers): Promise<Summary> => {
    const response = await get(headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Summary>();
  };
  const refusal = async (headers: Headers): Promise<[number, string]> => {
    const response = await get(headers);
    return [response.statusCode, response.json<{ code: string }>().code];
  };
  return {
    /** The summary answered to the caller of `headers`, which must be a success. */
    summary,
    /** The status and refusal code answered to the caller of `headers`. */
    refusal,
    /**
     * The summary answered to the owner of a verified company of its own, made for the call: every
     * card must show it nothing of the companies under test.
     */
    async strangerSummary(): Promise<Summary> {
      return summary((await addAccount(app(), { company: 'own', verifyStatus: 2 })).headers);
    },
    /** The refusal answered to a member of `companyId` whose role has only the pages of `menus`. */
    async memberRefusal(companyId: number, menus: MenusMap): Promise<[number, string]> {
      return refusal((await addMember(app(), companyId, menus)).headers);
    },
  };
}

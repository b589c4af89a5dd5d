/**
 * The summary call behind a dashboard card (issue 29), as the tests of each area's summary make it:
 * every summary answers 200 to a caller of the card's page and `[403, 'forbidden']` to one without.
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

type Headers = Record<string, string>;

/** The summary at `path` (below /webapi) of the app `app()` answers once the block has started it. */
export function cardSummary<Summary>(app: () => TestApp, path: string) {
  const get = (headers: Headers) => app().app.inject({ method: 'GET', url: `/webapi${path}`, headers });
  return {
    /** The summary answered to the caller of `headers`, which must be a success. */
    async summary(headers: Headers): Promise<Summary> {
      const response = await get(headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Summary>();
    },
    /** The status and refusal code answered to the caller of `headers`. */
    async refusal(headers: Headers): Promise<[number, string]> {
      const response = await get(headers);
      return [response.statusCode, response.json<{ code: string }>().code];
    },
  };
}

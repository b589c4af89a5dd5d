/**
 * Plate recognition's calls as a third party and the console make them: `recognize` signed with an
 * access key that holds the operation (and refused without it), the trial's daily count (spec §8
 * "today's trial count used up") that an engine failure gives back and that bills nothing, and
 * production refusing the development engine unless allowed.
 */
import { PRS_PATHS, type RecognizeAnswer, type TrialAnswer } from '@vap/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, signedHeaders } from '../../testing/access-keys.js';
import { addOwnerWithBalance, pngOf } from '../../testing/accounts.js';
import { type FarEnd, startFarEnd } from '../../testing/far-end.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { createProductionTestApp, PRODUCTION_PROVIDERS } from '../../testing/production-app.js';
import { blockApp } from '../../testing/suite-app.js';
import { ledgerEntries } from '../finance/schema.js';
import { HttpPlateEngine } from './engines.js';
import { DevelopmentPlateEngineError } from './index.js';
import { prsCalls } from './schema.js';

const RECOGNIZE_OPERATION = `POST ${PRS_PATHS.recognize}`;
const body = JSON.stringify({ image: pngOf(640, 480).toString('base64') });

describe('recognize in the open API (docs/open-api.md)', () => {
  let t: TestApp;
  blockApp('pglite', (app) => {
    t = app;
  });

  const signedCall = (key: { id: string; secret: string }) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${PRS_PATHS.recognize}`,
      headers: {
        ...signedHeaders(key, { method: 'POST', url: `/webapi${PRS_PATHS.recognize}`, body }),
        'content-type': 'application/json',
      },
      payload: body,
    });

  it('reads and bills a plate for a key holding the operation, as the key’s company', async () => {
    const { headers, companyId } = await addOwnerWithBalance(t, 1_000);
    const key = await createKey(t, headers, { operations: [RECOGNIZE_OPERATION] });
    const answer = await signedCall(key);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<RecognizeAnswer>()).toMatchObject({ billing: 'per_call', amount: 10 });
    const calls = await t.database.db.select().from(prsCalls).where(eq(prsCalls.companyId, companyId));
    expect(calls).toHaveLength(1);
  });

  it('refuses a key without the operation, billing nothing', async () => {
    const { headers, companyId } = await addOwnerWithBalance(t, 1_000);
    const key = await createKey(t, headers);
    const answer = await signedCall(key);
    expect(answer.statusCode).toBe(403);
    const charges = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.kind, 'charge')));
    expect(charges).toHaveLength(0);
  });
});

describe('the trial (page prs_trial)', () => {
  let t: TestApp;
  blockApp('pglite', { prsTrialsPerDay: 2 }, (app) => {
    t = app;
  });

  const trial = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/webapi${PRS_PATHS.trial}`, headers, payload: JSON.parse(body) });

  it("reads plates free of charge until today's trials are used up", async () => {
    const { headers, companyId } = await addOwnerWithBalance(t, 0);
    const first = await trial(headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TrialAnswer>()).toMatchObject({ left: 1, max: 2 });
    expect(first.json<TrialAnswer>().plate?.number).toBeTruthy();
    expect((await trial(headers)).json<TrialAnswer>().left).toBe(0);
    const third = await trial(headers);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'trial_used_up' });
    const count = await t.app.inject({ method: 'GET', url: `/webapi${PRS_PATHS.trial}`, headers });
    expect(count.json()).toEqual({ left: 0, max: 2 });
    const calls = await t.database.db.select().from(prsCalls).where(eq(prsCalls.companyId, companyId));
    expect(calls.map((call) => [call.billing, call.amount])).toEqual([
      ['trial', 0],
      ['trial', 0],
    ]);
  });
});

describe('a trial whose engine fails', () => {
  let far: FarEnd;
  let t: TestApp;
  beforeAll(async () => {
    far = await startFarEnd();
    far.answer({ status: 500, body: {} });
    t = await createTestApp('pglite', {
      plateEngine: new HttpPlateEngine({ url: far.url }),
      prsTrialsPerDay: 1,
    });
  });
  afterAll(async () => {
    await t.close();
    await far.close();
  });

  it('answers 503 and gives the trial back', async () => {
    const { headers } = await addOwnerWithBalance(t, 0);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/webapi${PRS_PATHS.trial}`,
      headers,
      payload: JSON.parse(body),
    });
    expect(answer.statusCode).toBe(503);
    const count = await t.app.inject({ method: 'GET', url: `/webapi${PRS_PATHS.trial}`, headers });
    expect(count.json()).toEqual({ left: 1, max: 1 });
  });
});

describe('production (development providers refused)', () => {
  it('refuses to start on the development engine', async () => {
    await expect(createTestApp('pglite', PRODUCTION_PROVIDERS)).rejects.toBeInstanceOf(
      DevelopmentPlateEngineError,
    );
  });

  it('starts on a real engine', async () => {
    const t = await createProductionTestApp();
    await t.close();
  });
});

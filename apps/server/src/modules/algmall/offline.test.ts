/**
 * Offline authorisation (issue 31; spec §2.3 algmall_offauth, §5.6, §8): a device's fingerprint file
 * in, one authorisation taken, a licence file out that the device — the simulator here — accepts as
 * signed by the server for its own serial and hardware id, the same file downloaded again; no
 * authorisation left → 'no available authorisation'; a file over 20 MB → 'file too large'; one that
 * is no fingerprint → 'file content incorrect'.
 */
import { randomUUID } from 'node:crypto';
import { ALGMALL_PATHS, type Authorisation, FINGERPRINT_MAX_BYTES } from '@vap/contracts';
import { checkLicenceFile, fingerprintFile } from '@vap/device-sim';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addOwnerWithBalance, multipart } from '../../testing/accounts.js';
import { ENGINES, type TestApp } from '../../testing/harness.js';
import { blockApp } from '../../testing/suite-app.js';
import { algmallOrders } from './schema.js';
import { loadProducts, testProduct } from './test-support.js';

describe.each(ENGINES)('offline authorisation of the algorithm mall on %s', (engine) => {
  let t: TestApp;
  let productId = 0;

  blockApp(engine, {}, async (app) => {
    t = app;
    const ids = await loadProducts(t.database.db, [
      testProduct(
        'offline-people',
        { en: 'People counting', zh: '人数统计' },
        { version: '3.0.1', price_fen: 100 },
      ),
    ]);
    productId = ids['offline-people'] ?? 0;
  });

  /** The owner of a new company holding `authorisations` bought ones of the product. */
  async function company(authorisations: number) {
    const account = await addOwnerWithBalance(t, 10_000);
    if (authorisations > 0) {
      const bought = await t.app.inject({
        method: 'POST',
        url: `/webapi${ALGMALL_PATHS.orders}`,
        headers: account.headers,
        payload: { product_id: productId, quantity: authorisations, request_id: randomUUID() },
      });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    return { headers: account.headers, companyId: account.companyId };
  }

  const upload = (
    headers: Record<string, string>,
    file: Buffer,
    fields = { product_id: String(productId) },
  ) => {
    const form = multipart(fields, file, '----fingerprint', 'fingerprint.json');
    return t.app.inject({
      method: 'POST',
      url: `/webapi${ALGMALL_PATHS.offlineLicences}`,
      headers: { ...headers, 'content-type': form.contentType, 'accept-language': 'en' },
      payload: form.body,
    });
  };
  const unit = { sn: 'OFFLINE-0001', model: 'VC-C3' };

  it('answers a licence file the device accepts as its own, the same file each time it is downloaded', async () => {
    const { headers, companyId } = await company(1);
    const response = await upload(headers, Buffer.from(fingerprintFile(unit)));
    expect(response.statusCode, response.body).toBe(201);
    const authorisation = response.json<Authorisation>();
    expect(authorisation).toMatchObject({ mode: 'offline', state: 'success', sn: unit.sn });
    expect(authorisation.order_number).toMatch(/^A\d{14}$/);
    const [order] = await t.database.db
      .select({ used: algmallOrders.used })
      .from(algmallOrders)
      .where(eq(algmallOrders.companyId, companyId));
    expect(order?.used).toBe(1);

    const download = () =>
      t.app.inject({
        method: 'GET',
        url: `/webapi${ALGMALL_PATHS.offlineLicence(authorisation.id)}`,
        headers,
      });
    const file = await download();
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const checked = checkLicenceFile(file.body, t.services.algmall.licenceKey, unit);
    expect(checked).toMatchObject({
      ok: true,
      licence: { sn: unit.sn, product: 'offline-people', version: '3.0.1' },
    });
    // Another board with the same serial refuses it.
    expect(checkLicenceFile(file.body, t.services.algmall.licenceKey, { ...unit, model: 'VC-C5' })).toEqual({
      ok: false,
      reason: 'wrong_device',
    });
    expect((await download()).body).toBe(file.body);

    // Another company cannot download it.
    const stranger = await company(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/webapi${ALGMALL_PATHS.offlineLicence(authorisation.id)}`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('with no authorisation left is 409 no available authorisation, and nothing is written', async () => {
    const { headers } = await company(0);
    const response = await upload(headers, Buffer.from(fingerprintFile(unit)));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'authorisation_none', message: 'No available authorisation' });
  });

  it('refuses a file that is no fingerprint: file content incorrect', async () => {
    const { headers } = await company(1);
    for (const bad of [
      'not json at all',
      '{"v":1,"sn":"X"}',
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    ]) {
      const response = await upload(headers, Buffer.from(bad));
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ code: 'file_content_incorrect', message: 'File content incorrect' });
    }
  });

  it('refuses a file over 20 MB: file too large', async () => {
    const { headers } = await company(1);
    const response = await upload(headers, Buffer.alloc(FINGERPRINT_MAX_BYTES + 1, 0x20));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'file_too_large', message: 'File too large' });
  });
});

import { generateKeyPairSync, sign } from 'node:crypto';
import type { LicencePayload } from '@vap/contracts';
import { describe, expect, it } from 'vitest';
import { checkLicenceFile, fingerprintFile, hardwareIdOf, verifiedLicence } from './licence.js';
import { FakeJobUnit, jobsOf } from './testing/context.js';

/** A key pair as the server has one, its public key raw as it publishes it. */
function serverKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64url');
  const licence = (payload: LicencePayload) => {
    const bytes = Buffer.from(JSON.stringify(payload));
    return {
      payload: bytes.toString('base64url'),
      signature: sign(null, bytes, privateKey).toString('base64url'),
    };
  };
  return { key: raw, licence };
}

const payload = (sn: string): LicencePayload => ({
  v: 1,
  id: 7,
  sn,
  product: 'helmet',
  version: '1.0.0',
  issued_at: '2026-11-29T00:00:00.000Z',
  expires_at: null,
});

describe('algorithm licences on a unit (issue 31)', () => {
  it('verifies a licence signed by the server key and refuses an altered or foreign one', () => {
    const server = serverKeys();
    const good = server.licence(payload('SN1'));
    expect(verifiedLicence(good, server.key)).toEqual(payload('SN1'));
    const altered = { ...good, payload: Buffer.from(JSON.stringify(payload('SN2'))).toString('base64url') };
    expect(verifiedLicence(altered, server.key)).toBeUndefined();
    expect(verifiedLicence(good, serverKeys().key)).toBeUndefined();
  });

  it('installs a licence for itself, of a model the product runs on', async () => {
    const server = serverKeys();
    const unit = new FakeJobUnit();
    const jobs = jobsOf(unit, { licenceKey: server.key });
    jobs.start('install_licence', 'l1', { licence: server.licence(payload(unit.sn)), models: [unit.model] });
    await expect.poll(() => jobs.report('l1')?.state).toBe('completed');
    expect(unit.licences.get('helmet')).toEqual(payload(unit.sn));
  });

  it('refuses a licence for an unsupported model, for another device, or not signed by its server', () => {
    const server = serverKeys();
    const unit = new FakeJobUnit();
    const jobs = jobsOf(unit, { licenceKey: server.key });
    expect(
      jobs.start('install_licence', 'm', { licence: server.licence(payload(unit.sn)), models: ['VR-N8'] }),
    ).toMatchObject({
      state: 'failed',
      reason: 'unsupported_model',
    });
    expect(
      jobs.start('install_licence', 'd', { licence: server.licence(payload('OTHER')), models: [] }),
    ).toMatchObject({
      state: 'failed',
      reason: 'wrong_device',
    });
    expect(
      jobs.start('install_licence', 's', { licence: serverKeys().licence(payload(unit.sn)), models: [] }),
    ).toMatchObject({
      state: 'failed',
      reason: 'bad_signature',
    });
    expect(unit.licences.size).toBe(0);
  });

  it('told to hang, takes the licence and never answers its end', async () => {
    const server = serverKeys();
    const unit = new FakeJobUnit();
    const jobs = jobsOf(unit, { licenceKey: server.key, licenceHangs: true });
    jobs.start('install_licence', 'h', { licence: server.licence(payload(unit.sn)), models: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(jobs.report('h')).toEqual({ state: 'processing', progress: 0 });
    expect(unit.sent).toEqual([]);
  });
});

describe('offline licence files on a unit (issue 31)', () => {
  const unit = { sn: 'SN-OFF', model: 'VC-C3' };
  it('writes a fingerprint of its serial, model and hardware id, the same each time', () => {
    expect(JSON.parse(fingerprintFile(unit))).toEqual({
      v: 1,
      sn: 'SN-OFF',
      model: 'VC-C3',
      hardware_id: hardwareIdOf('SN-OFF', 'VC-C3'),
    });
    expect(fingerprintFile(unit)).toBe(fingerprintFile(unit));
  });

  it('accepts a licence file for its serial and hardware id only, signed by its server', () => {
    const server = serverKeys();
    const mine = { ...payload(unit.sn), hardware_id: hardwareIdOf(unit.sn, unit.model) };
    expect(checkLicenceFile(JSON.stringify(server.licence(mine)), server.key, unit)).toEqual({
      ok: true,
      licence: mine,
    });
    const otherBoard = { ...mine, hardware_id: hardwareIdOf(unit.sn, 'VC-C5') };
    expect(checkLicenceFile(JSON.stringify(server.licence(otherBoard)), server.key, unit)).toEqual({
      ok: false,
      reason: 'wrong_device',
    });
    expect(checkLicenceFile(JSON.stringify(serverKeys().licence(mine)), server.key, unit)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(checkLicenceFile('not json', server.key, unit)).toEqual({ ok: false, reason: 'bad_file' });
  });
});

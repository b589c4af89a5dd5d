import { DEVICE_TOPICS } from '@vap/contracts';
import type { AedesPublishPacket } from 'aedes';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../core/db/client.js';
import { type Connection, deviceTopic } from '../mqtt/index.js';
import { CloudUsage } from './usage.js';

const device = { id: 7, sn: 'SN7' };
const connection = { identity: { kind: 'device', companyId: 1, device } } as unknown as Connection;
const report = (space: number) =>
  ({
    topic: deviceTopic(device.sn, 'up', DEVICE_TOPICS.cloud),
    payload: Buffer.from(JSON.stringify({ cloud_backup: { space, flow: 0 } })),
  }) as AedesPublishPacket;

/** A database that records the usage written. */
function recordingDb(written: unknown[]) {
  return {
    update: () => ({ set: (values: unknown) => ({ where: async () => void written.push(values) }) }),
  } as unknown as Db;
}

describe('CloudUsage', () => {
  it('writes what was reported when it closes, and takes no report after', async () => {
    const written: unknown[] = [];
    const usage = new CloudUsage(recordingDb(written), { warn: () => {} });
    usage.published(connection, report(1));
    await usage.close();
    expect(written).toEqual([{ spaceUsed: 1, flowUsed: 0 }]);
    usage.published(connection, report(2));
    await usage.flush();
    expect(written).toHaveLength(1);
  });
});

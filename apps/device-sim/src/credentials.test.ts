import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialsFromServer, parseCredentials } from './credentials.js';

const IPC = '10000000011320000001';
const NVR = '10000000011180000002';

describe('the credentials CSV', () => {
  it('reads sn,secret,kind[,model] with a header row, a BOM and CRLF (what the server writes)', () => {
    const text = `\uFEFFsn,secret,kind,model\r\n${IPC},s3cret,ipc,VC-C5\r\n${NVR},other,NVR,\r\n\r\n`;
    expect(parseCredentials(text)).toEqual([
      { sn: IPC, secret: 's3cret', kind: 'ipc', model: 'VC-C5' },
      { sn: NVR, secret: 'other', kind: 'nvr' },
    ]);
  });

  it('skips what comes before the header row: the banners of npm run ops -- … > units.csv', () => {
    const text = `\n> vap-console@ ops\n\n   • turbo 2.11.9\n Tasks:    1 successful\n\uFEFFsn,secret,kind\r\n${IPC},a,ipc\r\n${IPC},b,ipc\r\n`;
    expect(() => parseCredentials(text, 'units.csv')).toThrow(`line 8: ${IPC} is listed twice`);
  });

  it('takes the kind from the serial when there is no kind column, and a firmware version', () => {
    expect(parseCredentials(`secret,sn,firmware_version\nx,${NVR},V5.3.0\n`)).toEqual([
      { sn: NVR, secret: 'x', kind: 'nvr', firmwareVersion: 'V5.3.0' },
    ]);
  });

  it("reads a unit's own job failure rate, from 0 to 1", () => {
    expect(parseCredentials(`sn,secret,job_failure_rate\n${IPC},a,0.5\n${NVR},b,\n`)).toEqual([
      { sn: IPC, secret: 'a', kind: 'ipc', jobFailureRate: 0.5 },
      { sn: NVR, secret: 'b', kind: 'nvr' },
    ]);
    expect(() => parseCredentials(`sn,secret,job_failure_rate\n${IPC},a,2\n`, 'units.csv')).toThrow(
      `line 2: ${IPC}'s job_failure_rate must be from 0 to 1, not "2"`,
    );
    expect(() => parseCredentials(`sn,secret,job_failure_rate\n${IPC},a,often\n`)).toThrow(
      /job_failure_rate/,
    );
  });

  it('names the lines at fault', () => {
    const text = `sn,secret,kind\n${IPC},a,ipc\n123,b,ipc\n${IPC},c,ipc\n${NVR},,nvr\n${NVR},d,ipc\n`;
    expect(() => parseCredentials(text, 'units.csv')).toThrow(
      [
        'units.csv:',
        '  line 3: "123" is not a device serial',
        `  line 4: ${IPC} is listed twice`,
        `  line 5: ${NVR} has no secret`,
        `  line 6: ${NVR} is an NVR serial, not ipc`,
      ].join('\n'),
    );
    expect(() => parseCredentials(`serial,password\n${IPC},a\n`)).toThrow(/header row must name/);
    expect(() => parseCredentials(`sn,secret\n"${IPC},a\n`)).toThrow(/not a CSV/);
  });

  it("asks the server's operator command for them, in the repository's root", async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'device-sim-')));
    mkdirSync(join(root, 'apps/server/dist'), { recursive: true });
    // A stand-in for ops.js that prints its arguments and working directory as the CSV's one unit.
    writeFileSync(
      join(root, 'apps/server/dist/ops.js'),
      `console.log('sn,secret,kind\\n${IPC},' + process.argv.slice(2).join('_') + '@' + process.cwd() + ',ipc');`,
    );
    const csv = await credentialsFromServer(3, root);
    expect(parseCredentials(csv)).toEqual([
      { sn: IPC, secret: `devices:credentials_--count_3@${root}`, kind: 'ipc' },
    ]);
  });

  it('tells to pass --credentials when the server cannot give them', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'device-sim-'));
    await expect(credentialsFromServer(5, empty)).rejects.toThrow(/--credentials <file>/);
    await expect(credentialsFromServer(5, empty)).rejects.toThrow(/devices:credentials --count 5/);
  });
});

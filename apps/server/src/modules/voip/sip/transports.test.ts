/**
 * Desk phones and softphones speak SIP over UDP or TCP, not WebSocket: the SIP server registers them
 * with the same digest credentials and routes calls to them. The phone here is a plain SIP message
 * exchange over a UDP socket or a TCP connection (RFC 3261 REGISTER with an RFC 2617 digest, and an
 * INVITE refused as busy), so that nothing but the transport differs from the WebSocket phones.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { addCompany, addExtension, type TestExtension } from './test-fixtures.js';
import { sipServerTestable, sipTestServer, TEST_SIP_DOMAIN } from './test-server.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const token = () => randomBytes(6).toString('hex');

/** A SIP phone on one UDP socket or TCP connection: sends requests, answers INVITEs with 486. */
async function rawPhone(transport: 'udp' | 'tcp', host: string, port: number) {
  const received: string[] = [];
  const waiting: Array<() => void> = [];
  let send: (text: string) => void;
  let localPort: number;
  let close: () => void;
  const onMessage = (text: string) => {
    received.push(text);
    if (text.startsWith('INVITE ')) {
      const header = (name: string) =>
        text.split('\r\n').filter((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`));
      const busy = [
        'SIP/2.0 486 Busy Here',
        ...header('Via'),
        ...header('From'),
        `${header('To')[0]};tag=${token()}`,
        ...header('Call-ID'),
        ...header('CSeq'),
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n');
      send(busy);
    }
    for (const wake of waiting.splice(0)) wake();
  };
  if (transport === 'udp') {
    const socket = createSocket('udp4');
    socket.on('message', (message) => onMessage(message.toString()));
    await new Promise<void>((bound) => socket.bind(0, '127.0.0.1', () => bound()));
    localPort = socket.address().port;
    send = (text) => socket.send(text, port, host);
    close = () => socket.close();
  } else {
    const socket: Socket = connect(port, host);
    await new Promise<void>((connected) => socket.once('connect', () => connected()));
    localPort = socket.localPort ?? 0;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) break;
        const length = Number(/\r\nContent-Length:\s*(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
        if (buffer.length < end + 4 + length) break;
        onMessage(buffer.slice(0, end + 4 + length));
        buffer = buffer.slice(end + 4 + length);
      }
    });
    send = (text) => socket.write(text);
    close = () => socket.destroy();
  }
  /** The next response to the request with this Call-ID and CSeq. */
  const response = async (callId: string, cseq: number) => {
    const match = (text: string) =>
      text.startsWith('SIP/2.0 ') &&
      text.includes(`Call-ID: ${callId}`) &&
      new RegExp(`CSeq: ${cseq} `).test(text);
    const end = Date.now() + 4000;
    for (;;) {
      const found = received.find(match);
      if (found && !/^SIP\/2\.0 1\d\d/.test(found)) return found;
      if (Date.now() > end) throw new Error(`no response to CSeq ${cseq}`);
      await new Promise<void>((wake) => {
        waiting.push(wake);
        setTimeout(wake, 200);
      });
      received.splice(
        0,
        received.length,
        ...received.filter((text) => !(match(text) && /^SIP\/2\.0 1\d\d/.test(text))),
      );
    }
  };

  return {
    received,
    close,
    /** REGISTER as `user` in `domain` with `password` (0 s unregisters): the final status code. */
    async register(user: string, domain: string, password: string, expires = 60): Promise<number> {
      const callId = token();
      const tag = token();
      const request = (cseq: number, authorization?: string) =>
        [
          `REGISTER sip:${domain} SIP/2.0`,
          `Via: SIP/2.0/${transport.toUpperCase()} 127.0.0.1:${localPort};branch=z9hG4bK${token()};rport`,
          'Max-Forwards: 70',
          `From: <sip:${user}@${domain}>;tag=${tag}`,
          `To: <sip:${user}@${domain}>`,
          `Call-ID: ${callId}`,
          `CSeq: ${cseq} REGISTER`,
          `Contact: <sip:${user}@127.0.0.1:${localPort};transport=${transport}>`,
          `Expires: ${expires}`,
          `User-Agent: VAP ${transport} phone`,
          ...(authorization ? [`Authorization: ${authorization}`] : []),
          'Content-Length: 0',
          '',
          '',
        ].join('\r\n');
      send(request(1));
      const challenge = await response(callId, 1);
      if (!challenge.startsWith('SIP/2.0 401')) return Number(challenge.slice(8, 11));
      const realm = /realm="([^"]+)"/.exec(challenge)?.[1] ?? '';
      const nonce = /nonce="([^"]+)"/.exec(challenge)?.[1] ?? '';
      const uri = `sip:${domain}`;
      const digest = md5(`${md5(`${user}:${realm}:${password}`)}:${nonce}:${md5(`REGISTER:${uri}`)}`);
      send(
        request(
          2,
          `Digest username="${user}", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${digest}", algorithm=MD5`,
        ),
      );
      return Number((await response(callId, 2)).slice(8, 11));
    },
  };
}

describe.runIf(sipServerTestable())(
  'phones on UDP and TCP register and are called like WebSocket ones',
  () => {
    let desk: TestExtension;
    let soft: TestExtension;
    let caller: TestExtension;
    const server = sipTestServer(async (sql) => {
      const company = await addCompany(sql, 'Acme');
      desk = await addExtension(sql, TEST_SIP_DOMAIN, company, '4001', 'desk0001', 'device');
      soft = await addExtension(sql, TEST_SIP_DOMAIN, company, '4002', 'soft0002');
      caller = await addExtension(sql, TEST_SIP_DOMAIN, company, '4003', 'call0003');
    });

    for (const transport of ['udp', 'tcp'] as const) {
      it(`a ${transport.toUpperCase()} phone registers with its digest credentials, not with a wrong password, and is called`, async () => {
        const kamailio = server.kamailio();
        const extension = transport === 'udp' ? desk : soft;
        const phone = await rawPhone(transport, kamailio.host, kamailio.sipPort);
        try {
          expect(await phone.register(extension.dialId, extension.domain, 'wrong-pass')).toBe(401);
          expect(await server.locations(extension)).toHaveLength(0);
          expect(await phone.register(extension.dialId, extension.domain, extension.password)).toBe(200);
          const rows = await server.located(extension);
          expect(rows[0]?.user_agent).toBe(`VAP ${transport} phone`);
          expect(rows[0]?.contact).toContain(`transport=${transport}`);

          const [calling] = await server.registered(caller);
          const outcome = await calling.call(extension.dialId);
          expect(outcome.status).toBe(486);
          expect(
            phone.received.some((text) => text.startsWith(`INVITE sip:${extension.dialId}@127.0.0.1`)),
          ).toBe(true);
          const [record] = await server.dialRecords(outcome.session.request.callId);
          expect(record).toMatchObject({ caller: '4003', callee: extension.dialId, result: 'busy' });
          expect(await phone.register(extension.dialId, extension.domain, extension.password, 0)).toBe(200);
          expect(await server.unlocated(extension)).toHaveLength(0);
        } finally {
          phone.close();
        }
      });
    }
  },
);

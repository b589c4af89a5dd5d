/**
 * Reads what the server's development providers sent (GET /webapi/dev/outbox, on with DEV_OUTBOX):
 * SMS codes by phone, scan sign-in confirm links by scan id, puzzle answers by captcha id.
 */
import type { DevOutboxEntry } from '@vap/contracts';

export async function readOutbox(serverUrl: string, to: string): Promise<DevOutboxEntry[]> {
  const response = await fetch(`${serverUrl}/webapi/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /webapi/dev/outbox answered ${response.status}`);
  return (await response.json()) as DevOutboxEntry[];
}

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await read();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Nothing in the dev outbox: ${what}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** The latest SMS code sent to `phone` after `since` (ISO time), waiting for it to arrive. */
export function smsCode(
  serverUrl: string,
  phone: string,
  since = new Date(0).toISOString(),
): Promise<string> {
  return waitFor(`an SMS code for ${phone}`, async () => {
    const [entry] = (await readOutbox(serverUrl, phone)).filter(
      (item) => item.kind === 'sms' && item.at > since,
    );
    return entry?.code;
  });
}

/** The answer (x offset in pixels) of a puzzle captcha. */
export function captchaAnswer(serverUrl: string, captchaId: string): Promise<number> {
  return waitFor(`the answer of captcha ${captchaId}`, async () => {
    const [entry] = (await readOutbox(serverUrl, captchaId)).filter((item) => item.kind === 'captcha');
    return entry?.code === undefined ? undefined : Number(entry.code);
  });
}

/** The confirm link of a scan sign-in. */
export function scanLink(serverUrl: string, scanId: string): Promise<string> {
  return waitFor(`the confirm link of scan ${scanId}`, async () => {
    const [entry] = (await readOutbox(serverUrl, scanId)).filter((item) => item.kind === 'scan');
    return entry?.link;
  });
}

/** Helpers of the access-key tests: creating keys and signing requests as a third party would. */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  ACCESS_KEY_PATHS,
  type AccessKeyCreated,
  type CreateAccessKeyBody,
  stringToSign,
} from '@vap/contracts';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

export const USERS_OPERATION = 'GET /v1/pms/company/users';
export const ROLES_OPERATION = 'GET /v1/pms/company/roles';

/** Creates a key as the given owner and answers it with its secret. */
export async function createKey(
  t: TestApp,
  owner: Record<string, string>,
  body: Partial<CreateAccessKeyBody> = {},
): Promise<AccessKeyCreated> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/webapi${ACCESS_KEY_PATHS.keys}`,
    headers: owner,
    payload: { bandwidth_mbps: 1, operations: [USERS_OPERATION, ROLES_OPERATION], ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccessKeyCreated>();
}

export interface SignOptions {
  method?: string;
  /** Path and query as sent, e.g. `/webapi/v1/pms/company/users?page=1`. */
  url: string;
  /** The raw body; none when absent. */
  body?: string;
  /** Unix seconds; now when absent. */
  timestamp?: number;
  nonce?: string;
  /** Signs with this secret instead of the key's. */
  secret?: string;
}

/** The headers of a request signed with the key (docs/open-api.md). */
export function signedHeaders(key: { id: string; secret: string }, options: SignOptions) {
  const method = options.method ?? 'GET';
  const queryAt = options.url.indexOf('?');
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = options.nonce ?? randomBytes(16).toString('hex');
  const signature = createHmac('sha256', options.secret ?? key.secret)
    .update(
      stringToSign({
        method,
        path: queryAt === -1 ? options.url : options.url.slice(0, queryAt),
        query: queryAt === -1 ? '' : options.url.slice(queryAt + 1),
        timestamp,
        nonce,
        bodySha256: createHash('sha256')
          .update(options.body ?? '')
          .digest('hex'),
      }),
    )
    .digest('hex');
  return {
    'x-vap-key-id': key.id,
    'x-vap-timestamp': timestamp,
    'x-vap-nonce': nonce,
    'x-vap-signature': signature,
  };
}

/** Sends a signed request through the app. */
export function signedCall(
  t: TestApp,
  key: { id: string; secret: string },
  options: SignOptions & { headers?: Record<string, string> },
) {
  const method = (options.method ?? 'GET') as 'GET';
  return t.app.inject({
    method,
    url: options.url,
    headers: {
      ...signedHeaders(key, options),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    payload: options.body,
  });
}

/**
 * What Alibaba Cloud's SDK clients (SMS, OCR) share: their OpenAPI configuration. The SDKs are
 * CommonJS with their client as `exports.default`, which Node's ESM import and the test runner's
 * interop wrap differently; `require` reads them the same way everywhere. Each takes most of a
 * second to load, so each is read by the first client that needs it, not by every start.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Whom a client signs its calls as, and where it sends them. */
export interface AliyunAccess {
  accessKeyId: string;
  accessKeySecret: string;
  /** The service's bare host; an `http://host:port` address (a test's, a proxy's) points the SDK elsewhere. */
  endpoint: string;
}

/** A client's configuration: over HTTPS to a bare host, or as a configured address says; `timeoutMs` each way. */
export function aliyunConfig(access: AliyunAccess, timeoutMs: number) {
  const OpenApi = require('@alicloud/openapi-core') as typeof import('@alicloud/openapi-core');
  const url = /^https?:\/\//.test(access.endpoint) ? new URL(access.endpoint) : null;
  return new OpenApi.$OpenApiUtil.Config({
    accessKeyId: access.accessKeyId,
    accessKeySecret: access.accessKeySecret,
    endpoint: url ? url.host : access.endpoint,
    protocol: url ? url.protocol.slice(0, -1) : 'https',
    readTimeout: timeoutMs,
    connectTimeout: timeoutMs,
  });
}

/**
 * Security headers on every answer, the console's and /webapi's (issue 13 §3), by helmet:
 * - a Content-Security-Policy fit for the built console: scripts and styles of its own origin only
 *   (index.html holds no inline script; styles may be inline, as React and Radix set them), images
 *   also from `data:` and `blob:` URLs (QR codes, previews) and from the object store's bucket when
 *   it is on S3 (its display URLs are the bucket's), connections to its own origin and to
 *   WebSockets (the MQTT endpoint to come), no plugins, no other base or form target;
 * - `Referrer-Policy: no-referrer`: spec §4.1 hands a token over in the address, which must never
 *   leak in a Referer (the console also drops it from the address at once);
 * - `X-Content-Type-Options: nosniff`, and no framing (`frame-ancestors 'none'`, `X-Frame-Options:
 *   DENY`) except for the pages meant to be embedded, `/open-pages/*`, which any site may frame.
 *
 * The console's hashed scripts and stylesheets (`/assets/*.js|css`) are never documents, so the
 * headers that govern a document (the policy, framing, referrers, HSTS and the like: about 650 bytes)
 * do nothing on them; they carry only what applies to a subresource — `nosniff` and
 * `Cross-Origin-Resource-Policy` — which keeps those bytes off every script of the first load.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Pages other sites may show in a frame (spec §2.1 `/open-pages/device-manager`). */
export const EMBEDDABLE = '/open-pages/';

/** Scripts and stylesheets of the console build: subresources, never navigated to as documents. */
const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  /** Videos (video detail's recordings), from the bucket too when objects are in one. */
  mediaSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Helmet's options for every answer but the scripts and stylesheets; `frameAncestors` is `'none'`,
 * or `'*'` for the pages meant to be embedded, which then also go without `X-Frame-Options`.
 */
function documentOptions(imageOrigins: readonly string[], frameAncestors: "'none'" | '*'): HelmetOptions {
  return {
    // Only the directives above: helmet's defaults would add `upgrade-insecure-requests`, which
    // breaks a console served over plain HTTP on a private network.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CSP_DIRECTIVES,
        imgSrc: [...CSP_DIRECTIVES.imgSrc, ...imageOrigins],
        mediaSrc: [...CSP_DIRECTIVES.mediaSrc, ...imageOrigins],
        frameAncestors: [frameAncestors],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: frameAncestors === '*' ? false : { action: 'deny' },
  };
}

const SUBRESOURCE_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

type HeaderSet = Readonly<Record<string, string>>;

/**
 * The headers helmet sets with these options, recorded once. None of ours depends on the request
 * (no directive is a function), so the recording is exact; applying it costs one object per answer
 * instead of helmet's chain of thirteen middlewares, each validating its header as it sets it on
 * the response, which was a seventh of the time of a route that touches no database (issue 13 §2).
 */
function helmetHeaders(options: HelmetOptions): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  /** Origins images are also shown from: the object store's bucket, whose display URLs are its own. */
  imageOrigins: readonly string[] = [],
) {
  const documentHeaders = helmetHeaders(documentOptions(imageOrigins, "'none'"));
  const embeddableHeaders = helmetHeaders(documentOptions(imageOrigins, '*'));
  const subresourceHeaders = helmetHeaders(SUBRESOURCE_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(
      url.startsWith(EMBEDDABLE)
        ? embeddableHeaders
        : SUBRESOURCE.test(url)
          ? subresourceHeaders
          : documentHeaders,
    );
    done();
  });
}

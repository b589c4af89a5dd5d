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
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Pages other sites may show in a frame (spec §2.1 `/open-pages/device-manager`). */
export const EMBEDDABLE = '/open-pages/';

/** Scripts and stylesheets of the console build: subresources, never navigated to as documents. */
const SUBRESOURCE = /^\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/;

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export async function registerSecurityHeaders(
  app: FastifyInstance,
  /** Origins images are also shown from: the object store's bucket, whose display URLs are its own. */
  imageOrigins: readonly string[] = [],
) {
  const directives = { ...CSP_DIRECTIVES, imgSrc: [...CSP_DIRECTIVES.imgSrc, ...imageOrigins] };
  // Built once: @fastify/helmet builds helmet anew, parsing the policy, on every request, which
  // cost a route that touches no database two thirds of its throughput (issue 13 §2).
  const setHeaders = helmet({
    // Only the directives above: helmet's defaults would add `upgrade-insecure-requests`, which
    // breaks a console served over plain HTTP on a private network.
    contentSecurityPolicy: { useDefaults: false, directives },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  const setSubresourceHeaders = helmet({
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
  });
  app.addHook('onRequest', (request, reply, done) =>
    (SUBRESOURCE.test(request.url) ? setSubresourceHeaders : setHeaders)(request.raw, reply.raw, (error) =>
      done(error as Error | undefined),
    ),
  );
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(EMBEDDABLE)) {
      reply.removeHeader('x-frame-options');
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        reply.header(
          'content-security-policy',
          policy.replace("frame-ancestors 'none'", 'frame-ancestors *'),
        );
      }
    }
    done(null, payload);
  });
}

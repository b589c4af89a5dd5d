/**
 * index.html in each language's version: the build preloads the sign-in strings of a first visit's
 * language (zh-CN), marking that link with `data-language`, and names every language's strings in
 * `first-load.json`. A returning visitor's browser sends the language it last chose (the
 * `vap_language` cookie, which the console keeps equal to its language), and gets the page that
 * preloads that language's strings instead: the console loads no other language's (issue 30 §5).
 * Each version is kept with its brotli and gzip copies, made once at start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  FIRST_LOAD_FILE,
  type FirstLoadFile,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '@vap/contracts';
import { parseCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodingFor } from './compress.js';

interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** The language the request's cookie names, if it names one of the three. */
export function cookieLanguage(request: FastifyRequest): Language | undefined {
  const header = request.headers.cookie;
  // A cookie header past any real one's size is not read.
  if (!header || header.length > 8192) return undefined;
  const language = parseCookie(header)[LANGUAGE_COOKIE];
  return isLanguage(language) ? language : undefined;
}

export class ConsoleIndex {
  private constructor(
    private readonly pages: ReadonlyMap<string, Page>,
    private readonly defaultLanguage: string,
  ) {}

  /** The versions of a build's index.html; undefined for a build without first-load.json. */
  static read(consoleDir: string): ConsoleIndex | undefined {
    const planFile = join(consoleDir, FIRST_LOAD_FILE);
    if (!existsSync(planFile)) return undefined;
    const plan = JSON.parse(readFileSync(planFile, 'utf8')) as FirstLoadFile;
    const html = readFileSync(join(consoleDir, 'index.html'), 'utf8');
    const link = (language: string) => `href="${plan.messages[language]}" data-language="${language}"`;
    const preloaded = link(plan.defaultLanguage);
    if (!plan.messages[plan.defaultLanguage] || !html.includes(preloaded)) return undefined;
    const pages = new Map<string, Page>();
    for (const language of Object.keys(plan.messages)) {
      const page = html.replace(preloaded, link(language));
      pages.set(language, { html: page, br: brotliCompressSync(page), gzip: gzipSync(page) });
    }
    return new ConsoleIndex(pages, plan.defaultLanguage);
  }

  /** Sends the version of the visitor's language (a first visit's without the cookie). */
  send(request: FastifyRequest, reply: FastifyReply) {
    const language = cookieLanguage(request);
    const page = (language && this.pages.get(language)) ?? this.pages.get(this.defaultLanguage);
    if (!page) throw new Error('the default language has no index.html');
    const encoding = encodingFor(request);
    // Caches keep each language's and each encoding's answer apart.
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  }
}

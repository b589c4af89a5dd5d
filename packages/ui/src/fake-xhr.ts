/**
 * For tests: an XMLHttpRequest standing for the server or the object store an upload talks to
 * (jsdom's sends real requests). Free of vitest imports: the build emits this module, which
 * `@vap/ui/testing` exports; a test installs the class with `vi.stubGlobal('XMLHttpRequest', …)`
 * and takes it away with `vi.unstubAllGlobals()`.
 */

/** One request as the fake received it. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A form's text fields by name. */
  fields: Record<string, string>;
  /** A form's file. */
  file: File | null;
  /** A form's parts by name, in the order sent. */
  names: string[];
  /** The body's size in bytes: a blob's, or a form's parts together. */
  size: number;
}

/**
 * What the server does with a request: answers it with `status`, `body` (as JSON) and `headers`,
 * or drops the connection (`'drop'`). A reply that never comes leaves the request waiting.
 */
export type XhrReply = { status: number; body?: unknown; headers?: Record<string, string> } | 'drop';

/** The size of a request's body: a blob's, a form's parts together, a text's. */
function sizeOf(body: unknown): number {
  if (body instanceof Blob) return body.size;
  if (body instanceof FormData) {
    let size = 0;
    for (const [, value] of body.entries())
      size += typeof value === 'string' ? new Blob([value]).size : value.size;
    return size;
  }
  return typeof body === 'string' ? new Blob([body]).size : 0;
}

/**
 * An XMLHttpRequest class (`FakeXhr`) that records each request in `sent` and gives it the reply
 * `answer(request)` (which may wait): half the body is reported sent before it asks, all of it
 * once the reply comes.
 */
export function fakeXhr(answer: (sent: SentRequest) => XhrReply | Promise<XhrReply>) {
  const sent: SentRequest[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    readonly #progress: ((event: ProgressEvent) => void)[] = [];
    readonly upload = {
      addEventListener: (_type: string, listener: (event: ProgressEvent) => void) => {
        this.#progress.push(listener);
      },
    };
    readonly #on = new Map<string, () => void>();
    readonly #request: SentRequest = {
      method: '',
      url: '',
      headers: {},
      fields: {},
      file: null,
      names: [],
      size: 0,
    };
    #headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.#request.method = method;
      this.#request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.#request.headers[name] = value;
    }
    getResponseHeader(name: string): string | null {
      const found = Object.keys(this.#headers).find((each) => each.toLowerCase() === name.toLowerCase());
      return found === undefined ? null : (this.#headers[found] ?? null);
    }
    addEventListener(type: string, listener: () => void) {
      this.#on.set(type, listener);
    }
    abort() {
      this.#on.get('abort')?.();
    }
    send(body?: unknown) {
      const request = this.#request;
      if (body instanceof FormData) {
        for (const [name, value] of body.entries()) {
          request.names.push(name);
          if (typeof value === 'string') request.fields[name] = value;
          else request.file = value;
        }
      }
      request.size = sizeOf(body);
      sent.push(request);
      const progress = (loaded: number) => {
        for (const listener of this.#progress)
          listener({ lengthComputable: true, loaded, total: request.size } as ProgressEvent);
      };
      setTimeout(async () => {
        progress(request.size / 2);
        const reply = await answer(request);
        if (reply === 'drop') {
          this.#on.get('error')?.();
          return;
        }
        progress(request.size);
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.#headers = reply.headers ?? {};
        this.#on.get('load')?.();
      }, 0);
    }
  }
  return { FakeXhr, sent };
}

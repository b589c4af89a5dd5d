/**
 * Test helpers of the upload folder: jsdom has no object URLs. Kept free of vitest imports since
 * the build emits every non-test module.
 */

/** Fake URL.createObjectURL/revokeObjectURL that record what they did; `restore` puts jsdom's back. */
export function stubObjectUrls() {
  const target = URL as unknown as Record<string, unknown>;
  const original = { create: target.createObjectURL, revoke: target.revokeObjectURL };
  const created: string[] = [];
  const revoked: string[] = [];
  target.createObjectURL = (_blob: Blob) => {
    const url = `blob:fake-${created.length}`;
    created.push(url);
    return url;
  };
  target.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
  const restore = () => {
    target.createObjectURL = original.create;
    target.revokeObjectURL = original.revoke;
  };
  return { created, revoked, restore };
}

/** A file of `size` bytes without allocating them. */
export function fakeFile(name: string, type: string, size = 10): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** An upload a test drives: `send` stands for it; what it was given, then its answer or failure. */
export function pendingSend<Context, Answer>() {
  let given: Context | undefined;
  let settle: { resolve: (answer: Answer) => void; reject: (error: unknown) => void } | undefined;
  const send = (context: Context) =>
    new Promise<Answer>((resolve, reject) => {
      given = context;
      settle = { resolve, reject };
    });
  return {
    send,
    context: () => given as Context,
    resolve: (answer: Answer) => settle?.resolve(answer),
    reject: (error: unknown) => settle?.reject(error),
  };
}

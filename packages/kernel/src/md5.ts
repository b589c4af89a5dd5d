/**
 * md5 (RFC 1321) in plain TypeScript: the hex digest that password fields travel as (spec §7.1),
 * and the digest of a file's bytes for the object name `{kind}/{companyId}_{md5}.{ext}` of spec §7.2,
 * which the store checks against what it receives. A 5 MB image hashes in a few tens of milliseconds.
 */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const CONSTANTS = Array.from(
  { length: 64 },
  (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32) >>> 0,
);

/** The md5 hex digest of some bytes. */
export function md5OfBytes(data: Uint8Array): string {
  const length = data.length;
  const padded = (((length + 8) >>> 6) + 1) << 6;
  const buffer = new Uint8Array(padded);
  buffer.set(data);
  buffer[length] = 0x80;
  const view = new DataView(buffer.buffer);
  view.setUint32(padded - 8, (length << 3) >>> 0, true);
  view.setUint32(padded - 4, Math.floor(length / 0x20000000), true);
  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const words = new Uint32Array(16);
  for (let offset = 0; offset < padded; offset += 64) {
    for (let index = 0; index < 16; index++) words[index] = view.getUint32(offset + index * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let step = 0; step < 64; step++) {
      let f: number;
      let word: number;
      if (step < 16) {
        f = (b & c) | (~b & d);
        word = step;
      } else if (step < 32) {
        f = (d & b) | (~d & c);
        word = (5 * step + 1) % 16;
      } else if (step < 48) {
        f = b ^ c ^ d;
        word = (3 * step + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        word = (7 * step) % 16;
      }
      const rotated = (a + f + (CONSTANTS[step] as number) + (words[word] as number)) >>> 0;
      const shift = SHIFTS[(step >> 4) * 4 + (step % 4)] as number;
      a = d;
      d = c;
      c = b;
      b = (b + ((rotated << shift) | (rotated >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  const out = new DataView(new ArrayBuffer(16));
  for (const [index, word] of [a0, b0, c0, d0].entries()) out.setUint32(index * 4, word, true);
  return Array.from(new Uint8Array(out.buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The md5 hex digest of a text's UTF-8 bytes: how a password travels (spec §7.1). */
export function md5Hex(text: string): Promise<string> {
  return Promise.resolve(md5OfBytes(new TextEncoder().encode(text)));
}

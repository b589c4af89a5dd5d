/** The md5 hex digest that password fields travel as (spec §7.1); its code loads on first use. */
export async function md5Hex(text: string): Promise<string> {
  const { md5 } = await import('hash-wasm');
  return md5(text);
}

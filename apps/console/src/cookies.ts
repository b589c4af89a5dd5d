/** The two cookies of spec §3: `sidebarStatus` and `size`. */
export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) return decodeURIComponent(entry.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeDays = 365) {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec names these cookies, and the Cookie Store API is not in every supported browser.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeDays * 86400}; samesite=lax`;
}

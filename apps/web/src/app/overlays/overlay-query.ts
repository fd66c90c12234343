/** An overlay flag present in the query string and the value it carries. */
export interface OpenOverlay {
  flag: string;
  value: string | null;
}

/** A flag's query value as its overlay sees it: a bare flag (`?addFunds`, `=` or `=true`) carries none. */
export function parseOverlayValue(raw: string): string | null {
  return raw === '' || raw === 'true' ? null : raw;
}

function splitSearch(search: string): string[] {
  const body = search.startsWith('?') ? search.slice(1) : search;
  return body.split('&').filter((part) => part !== '');
}

function joinSearch(parts: readonly string[]): string {
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function decodedKey(part: string): string {
  const key = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(key.replaceAll('+', ' '));
  } catch {
    return key;
  }
}

/**
 * The search string without `flag`. Other parameters keep their exact spelling: re-encoding them through
 * URLSearchParams would rewrite links such as `fields=a,b` or a hand-encoded `filters` JSON.
 */
export function withoutFlag(search: string, flag: string): string {
  return joinSearch(splitSearch(search).filter((part) => decodedKey(part) !== flag));
}

/**
 * The search string with `flag` moved to the end, the top of the overlay stack. Without a value the flag is
 * written `flag=true`, which reads the same as a bare flag and survives tools that drop empty parameters.
 */
export function withFlag(search: string, flag: string, value?: string | number | null): string {
  const text = value === undefined || value === null || value === '' ? 'true' : String(value);
  return joinSearch([
    ...splitSearch(withoutFlag(search, flag)),
    `${encodeURIComponent(flag)}=${encodeURIComponent(text)}`,
  ]);
}

/**
 * The overlay flags present in `search`, oldest first, so the last one is on top. A repeated flag counts at
 * its last position with its last value; `flag=false` reads as closed rather than opening the overlay.
 */
export function listOpenOverlays(search: string, isOverlay: (flag: string) => boolean): OpenOverlay[] {
  const open = new Map<string, string | null>();
  for (const [flag, raw] of new URLSearchParams(search)) {
    if (!isOverlay(flag)) continue;
    open.delete(flag);
    if (raw !== 'false') open.set(flag, parseOverlayValue(raw));
  }
  return [...open].map(([flag, value]) => ({ flag, value }));
}

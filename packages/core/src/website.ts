/**
 * A website as stored (spec part 1 §5): trimmed, every leading http:// or https:// removed (pasting often
 * doubles them), then exactly one https:// in front. Blank text, or a bare scheme, gives ''.
 */
export function normalizeWebsite(text: string): string {
  const rest = text.trim().replace(/^(https?:\/\/)+/i, '');
  return rest === '' ? '' : `https://${rest}`;
}

/** Stripe's error envelope. */
export const stripeError = (type: string, message: string, param?: string) =>
  JSON.stringify({ error: { type, message, ...(param && { param }) } });

/** The bracketed `prefix[key]` fields of a form body as an object. */
export function formObject(form: Record<string, string>, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    if (key.startsWith(`${prefix}[`) && key.endsWith(']')) found[key.slice(prefix.length + 1, -1)] = value;
  }
  return found;
}

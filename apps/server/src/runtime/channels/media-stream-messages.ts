// Reading the carrier's media-stream messages: JSON frames, and the audio ones read without parsing them whole.

export type Frame = Record<string, unknown> & { event?: unknown };

export const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const mediaStart = '{"event":"media"';
const payloadKey = '"payload":"';

/**
 * The base64 payload of a `media` message read straight from its text (Twilio writes `event` first), so the 50
 * audio messages a second of each call are not parsed whole; null for any other message, or one it cannot read.
 */
export function mediaPayloadOf(raw: string): string | null {
  if (!raw.startsWith(mediaStart)) return null;
  const key = raw.indexOf(payloadKey, mediaStart.length);
  if (key < 0) return null;
  const start = key + payloadKey.length;
  const end = raw.indexOf('"', start);
  // An escape would need real JSON parsing; base64 never has one.
  return end < 0 || raw.lastIndexOf('\\', end) >= start ? null : raw.slice(start, end);
}

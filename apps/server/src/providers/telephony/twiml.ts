/** TwiML, the XML a carrier's voice and messaging webhooks are answered with (hand-written: a handful of verbs). */

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;

/** Nothing to do (a text received; its answer goes out through the REST API). */
export const emptyTwiml = (): string => document('');

/** Connects the call to a bidirectional media stream; parameters arrive in the stream's start message. */
export function connectStreamTwiml(streamUrl: string, parameters: Record<string, string>): string {
  const params = Object.entries(parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('');
  return document(`<Connect><Stream url="${escapeXml(streamUrl)}">${params}</Stream></Connect>`);
}

/** Says one line, then hangs up. */
export const sayAndHangUpTwiml = (line: string): string => document(`<Say>${escapeXml(line)}</Say><Hangup/>`);

/** Hangs up at once. */
export const hangUpTwiml = (): string => document('<Hangup/>');

/** Answers a text with a text. */
export const messageTwiml = (text: string): string => document(`<Message>${escapeXml(text)}</Message>`);

import { requestContactSearch, type BridgeOptions } from './native-bridge';

/** A contact the native app picked from the phone's address book. */
export interface PhoneContact {
  name: string | null;
  phoneNumber: string | null;
  email: string | null;
}

/**
 * The native app's answer to CONTACT_SEARCH: `{ type: 'CONTACT_SEARCH_RESULT', requestId, contact }`, where
 * `contact` is null when the person picked nothing. It arrives as a message event on `window` (iOS) or `document`
 * (Android's React Native web view), as an object or its JSON text.
 */
export interface ContactSearchAnswer {
  requestId: string;
  contact: PhoneContact | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Reads a CONTACT_SEARCH_RESULT message; anything else (other messages, malformed ones) is null. */
export function parseContactSearchAnswer(data: unknown): ContactSearchAnswer | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  const requestId = text(message.requestId);
  if (message.type !== 'CONTACT_SEARCH_RESULT' || requestId === null) return null;
  const found = message.contact;
  if (typeof found !== 'object' || found === null) return { requestId, contact: null };
  const fields = found as Record<string, unknown>;
  const contact = {
    name: text(fields.name),
    phoneNumber: text(fields.phoneNumber),
    email: text(fields.email),
  };
  const empty = contact.name === null && contact.phoneNumber === null && contact.email === null;
  return { requestId, contact: empty ? null : contact };
}

type MessageSource = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface ContactSearchOptions extends BridgeOptions {
  /** Where the answer may arrive; defaults to `window` and `document`. */
  sources?: MessageSource[];
  /** How long the person may take to pick a contact. */
  timeoutMs?: number;
  newRequestId?: () => string;
}

export const contactSearchTimeoutError = 'The phone did not answer the contact search';

function defaultSources(): MessageSource[] {
  if (typeof window === 'undefined') return [];
  return [window, document];
}

function randomRequestId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * Asks the native app to search the phone's contacts for `contact` (a name or number) and resolves with the one
 * the person picked (null when none). Rejects with the bridge's reason when the request cannot be sent, and after
 * `timeoutMs` (2 minutes by default) without an answer.
 */
export function searchPhoneContacts(
  contact: string,
  options: ContactSearchOptions = {},
): Promise<PhoneContact | null> {
  const requestId = (options.newRequestId ?? randomRequestId)();
  const sources = options.sources ?? defaultSources();
  return new Promise((resolve, reject) => {
    const finish = () => {
      clearTimeout(timer);
      for (const source of sources) source.removeEventListener('message', onMessage);
    };
    const onMessage = (event: Event) => {
      const answer = parseContactSearchAnswer((event as MessageEvent).data);
      if (answer?.requestId !== requestId) return;
      finish();
      resolve(answer.contact);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(contactSearchTimeoutError));
    }, options.timeoutMs ?? 120_000);
    for (const source of sources) source.addEventListener('message', onMessage);
    const sent = requestContactSearch({ contact, requestId }, options);
    if (!sent.ok) {
      finish();
      reject(new Error(sent.error));
    }
  });
}

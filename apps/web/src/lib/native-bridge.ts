type MessageTarget = { postMessage(message: unknown, targetOrigin: string): void };

/** The parts of `window` the bridge talks through; tests hand in a plain object. */
export type BridgeWindow = {
  ReactNativeWebView?: { postMessage(message: string): void } | undefined;
  webkit?: { messageHandlers?: Partial<Record<string, { postMessage(message: unknown): void }>> } | undefined;
  parent?: MessageTarget | null | undefined;
};

export type BridgeOptions = {
  /** Defaults to the global `window`, absent outside a browser. */
  window?: BridgeWindow | undefined;
  /** The iOS WKScriptMessageHandler name the native app registers. */
  handlerName?: string;
  /** Who may read messages posted to an embedding page. */
  targetOrigin?: string;
  /** The native app's custom URL scheme for the mobile hand-off. */
  scheme?: string;
};

/** What a signed-in web app hands the native app so it can call the API itself. */
export type AuthenticatedMessage = {
  type: 'AUTHENTICATED';
  token: string;
  cloudId: string;
  username: string;
  id: number | null;
};

export type NativeMessage =
  | { type: 'CONTACT_SEARCH'; contact: string; requestId: string }
  | { type: 'OPEN_URL'; url: string }
  | AuthenticatedMessage;

export type BridgeChannel = 'react-native' | 'webkit' | 'parent';

export type BridgeResult = { ok: true; channel: BridgeChannel } | { ok: false; error: string };

export const defaultHandlerName = 'switchboard';
export const defaultAppScheme = 'switchboard://';
export const noReceiverError = 'No native app or embedding page to receive the message';

function bridgeWindow(options: BridgeOptions): BridgeWindow | undefined {
  if (options.window !== undefined) return options.window;
  return typeof window === 'undefined' ? undefined : window;
}

// Only a frame has a parent other than itself; a top-level page posting to itself would reach no one.
function embeddingParent(win: BridgeWindow): MessageTarget | null {
  const parent = win.parent;
  return parent && (parent as unknown) !== win ? parent : null;
}

/** Posts a message to the native app (React Native web view, iOS handler) or, inside a frame, the embedding page. */
export function postToNative(message: NativeMessage, options: BridgeOptions = {}): BridgeResult {
  const win = bridgeWindow(options);
  if (win === undefined) return { ok: false, error: noReceiverError };
  if (win.ReactNativeWebView) {
    // React Native's WebView carries strings only.
    win.ReactNativeWebView.postMessage(JSON.stringify(message));
    return { ok: true, channel: 'react-native' };
  }
  const handler = win.webkit?.messageHandlers?.[options.handlerName ?? defaultHandlerName];
  if (handler) {
    handler.postMessage(message);
    return { ok: true, channel: 'webkit' };
  }
  const parent = embeddingParent(win);
  if (parent) {
    parent.postMessage(message, options.targetOrigin ?? '*');
    return { ok: true, channel: 'parent' };
  }
  return { ok: false, error: noReceiverError };
}

function presentText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Asks the native app to search its contacts; both a contact and a request id are required (spec part 1 §5). */
export function requestContactSearch(
  request: { contact?: string | null; requestId?: string | null },
  options: BridgeOptions = {},
): BridgeResult {
  const contact = presentText(request.contact);
  const requestId = presentText(request.requestId);
  if (contact === null && requestId === null) {
    return { ok: false, error: 'A contact and a request id are required' };
  }
  if (contact === null) return { ok: false, error: 'A contact is required' };
  if (requestId === null) return { ok: false, error: 'A request id is required' };
  return postToNative({ type: 'CONTACT_SEARCH', contact, requestId }, options);
}

function isWebUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Asks the native app to open an http or https URL in its own browser. */
export function openUrlInNativeApp(
  url: string | null | undefined,
  options: BridgeOptions = {},
): BridgeResult {
  const text = presentText(url);
  if (text === null) return { ok: false, error: 'A URL is required' };
  if (!isWebUrl(text)) return { ok: false, error: 'The URL must be an http or https address' };
  return postToNative({ type: 'OPEN_URL', url: text }, options);
}

/** Spec §8: shown when a sign-in inside the mobile app lacks the token, cloud id or username. */
export const unableToAuthenticateError = 'Unable to authenticate user';

/**
 * Hands the native app the credentials of a sign-in made inside it. The token, cloud id and username are all
 * required; without any of them nothing is sent and the answer is 'Unable to authenticate user'.
 */
export function sendAuthenticated(
  session: { token?: string | null; cloudId?: string | null; username?: string | null; id?: number | null },
  options: BridgeOptions = {},
): BridgeResult {
  const token = presentText(session.token);
  const cloudId = presentText(session.cloudId);
  const username = presentText(session.username);
  if (token === null || cloudId === null || username === null) {
    return { ok: false, error: unableToAuthenticateError };
  }
  const id = typeof session.id === 'number' && Number.isSafeInteger(session.id) ? session.id : null;
  return postToNative({ type: 'AUTHENTICATED', token, cloudId, username, id }, options);
}

export type PartnerAppKind = 'partner' | 'reseller' | 'org';

export type PartnerAppMessage = {
  type: 'OPEN_PARTNER_APP' | 'OPEN_RESELLER_APP' | 'OPEN_ORG_APP';
  id: number;
  path: string;
};

export type HandOffResult = { ok: true; url: string; posted: boolean } | { ok: false; error: string };

const handOffTypes = {
  partner: 'OPEN_PARTNER_APP',
  reseller: 'OPEN_RESELLER_APP',
  org: 'OPEN_ORG_APP',
} as const satisfies Record<PartnerAppKind, PartnerAppMessage['type']>;

function schemePrefix(scheme: string): string {
  const name = scheme.replace(/:(\/\/)?$/, '');
  if (!/^[a-z][a-z\d+.-]*$/i.test(name)) throw new Error(`Invalid URL scheme: ${scheme}`);
  return `${name}://`;
}

/**
 * The mobile hand-off (spec part 1 §7): builds the custom-scheme URL that opens the account in the native app
 * (`switchboard://org/42?path=%2Finbox`) and, inside a frame, posts `{ type: 'OPEN_ORG_APP', id, path }` (or the
 * partner or reseller type) to the parent page. The caller navigates to the returned URL where that is wanted.
 */
export function handOffToPartnerApp(
  target: { kind: PartnerAppKind; id: number; path?: string },
  options: BridgeOptions = {},
): HandOffResult {
  if (!Object.hasOwn(handOffTypes, target.kind)) {
    return { ok: false, error: 'The account kind must be partner, reseller or org' };
  }
  if (!Number.isSafeInteger(target.id) || target.id < 0) {
    return { ok: false, error: 'A numeric account id is required' };
  }
  const path = `/${(target.path ?? '').replace(/^\/+/, '')}`;
  const url = `${schemePrefix(options.scheme ?? defaultAppScheme)}${target.kind}/${target.id}?path=${encodeURIComponent(path)}`;
  const win = bridgeWindow(options);
  const parent = win === undefined ? null : embeddingParent(win);
  const message: PartnerAppMessage = { type: handOffTypes[target.kind], id: target.id, path };
  parent?.postMessage(message, options.targetOrigin ?? '*');
  return { ok: true, url, posted: parent !== null };
}

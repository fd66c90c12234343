import { describe, expect, it, vi } from 'vitest';
import {
  handOffToPartnerApp,
  noReceiverError,
  openUrlInNativeApp,
  requestContactSearch,
  sendAuthenticated,
  type BridgeWindow,
} from './native-bridge';

function reactNativeWindow() {
  const postMessage = vi.fn<(message: string) => void>();
  return { win: { ReactNativeWebView: { postMessage } } satisfies BridgeWindow, postMessage };
}

function webkitWindow(name = 'switchboard') {
  const postMessage = vi.fn<(message: unknown) => void>();
  return {
    win: { webkit: { messageHandlers: { [name]: { postMessage } } } } satisfies BridgeWindow,
    postMessage,
  };
}

function framedWindow() {
  const postMessage = vi.fn<(message: unknown, targetOrigin: string) => void>();
  return { win: { parent: { postMessage } } satisfies BridgeWindow, postMessage };
}

function topLevelWindow() {
  const postMessage = vi.fn<(message: unknown, targetOrigin: string) => void>();
  const win: BridgeWindow & { postMessage: typeof postMessage } = { postMessage };
  win.parent = win;
  return { win, postMessage };
}

describe('requestContactSearch', () => {
  it('posts a JSON string to the React Native web view', () => {
    const { win, postMessage } = reactNativeWindow();
    expect(requestContactSearch({ contact: 'Ada Lovelace', requestId: 'r-1' }, { window: win })).toEqual({
      ok: true,
      channel: 'react-native',
    });
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      '{"type":"CONTACT_SEARCH","contact":"Ada Lovelace","requestId":"r-1"}',
    );
  });

  it('posts an object to the iOS message handler, by default or configured name', () => {
    const { win, postMessage } = webkitWindow();
    expect(requestContactSearch({ contact: '+15551234567', requestId: '9' }, { window: win })).toEqual({
      ok: true,
      channel: 'webkit',
    });
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({
      type: 'CONTACT_SEARCH',
      contact: '+15551234567',
      requestId: '9',
    });

    const named = webkitWindow('native');
    requestContactSearch({ contact: 'x', requestId: '1' }, { window: named.win, handlerName: 'native' });
    expect(named.postMessage).toHaveBeenCalledOnce();
  });

  it('posts to the embedding page when framed, to any origin unless told', () => {
    const { win, postMessage } = framedWindow();
    expect(requestContactSearch({ contact: 'Ada', requestId: 'r-2' }, { window: win })).toEqual({
      ok: true,
      channel: 'parent',
    });
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: 'CONTACT_SEARCH', contact: 'Ada', requestId: 'r-2' },
      '*',
    );
    requestContactSearch(
      { contact: 'Ada', requestId: 'r-3' },
      { window: win, targetOrigin: 'https://partner.example' },
    );
    expect(postMessage).toHaveBeenLastCalledWith(expect.anything(), 'https://partner.example');
  });

  it('prefers React Native, then webkit, then the parent', () => {
    const native = reactNativeWindow();
    const ios = webkitWindow();
    const framed = framedWindow();
    const request = { contact: 'Ada', requestId: '1' };
    requestContactSearch(request, { window: { ...native.win, ...ios.win, ...framed.win } });
    requestContactSearch(request, { window: { ...ios.win, ...framed.win } });
    expect(native.postMessage).toHaveBeenCalledOnce();
    expect(ios.postMessage).toHaveBeenCalledOnce();
    expect(framed.postMessage).not.toHaveBeenCalled();
  });

  it('skips a webkit object without the named handler', () => {
    const { win, postMessage } = framedWindow();
    const result = requestContactSearch(
      { contact: 'Ada', requestId: '1' },
      { window: { ...win, webkit: { messageHandlers: { other: { postMessage: vi.fn() } } } } },
    );
    expect(result).toEqual({ ok: true, channel: 'parent' });
    expect(postMessage).toHaveBeenCalledOnce();
  });

  it('names what is missing and posts nothing', () => {
    const { win, postMessage } = reactNativeWindow();
    expect(requestContactSearch({ requestId: 'r-1' }, { window: win })).toEqual({
      ok: false,
      error: 'A contact is required',
    });
    expect(requestContactSearch({ contact: 'Ada', requestId: '  ' }, { window: win })).toEqual({
      ok: false,
      error: 'A request id is required',
    });
    expect(requestContactSearch({ contact: null, requestId: '' }, { window: win })).toEqual({
      ok: false,
      error: 'A contact and a request id are required',
    });
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('trims the contact and the request id', () => {
    const { win, postMessage } = webkitWindow();
    requestContactSearch({ contact: ' Ada ', requestId: ' r-1 ' }, { window: win });
    expect(postMessage).toHaveBeenCalledWith({ type: 'CONTACT_SEARCH', contact: 'Ada', requestId: 'r-1' });
  });

  it('fails when nothing can receive the message', () => {
    const request = { contact: 'Ada', requestId: '1' };
    const top = topLevelWindow();
    expect(requestContactSearch(request, { window: top.win })).toEqual({ ok: false, error: noReceiverError });
    expect(top.postMessage).not.toHaveBeenCalled();
    expect(requestContactSearch(request, { window: {} })).toEqual({ ok: false, error: noReceiverError });
    // The unit tests run in Node, where there is no global window.
    expect(requestContactSearch(request)).toEqual({ ok: false, error: noReceiverError });
  });
});

describe('openUrlInNativeApp', () => {
  it('posts the URL through the available channel', () => {
    const native = reactNativeWindow();
    expect(openUrlInNativeApp('https://cal.example/book?x=1', { window: native.win })).toEqual({
      ok: true,
      channel: 'react-native',
    });
    expect(native.postMessage).toHaveBeenCalledWith(
      '{"type":"OPEN_URL","url":"https://cal.example/book?x=1"}',
    );

    const framed = framedWindow();
    expect(openUrlInNativeApp(' http://example.com ', { window: framed.win })).toEqual({
      ok: true,
      channel: 'parent',
    });
    expect(framed.postMessage).toHaveBeenCalledWith({ type: 'OPEN_URL', url: 'http://example.com' }, '*');
  });

  it('needs a URL', () => {
    const { win, postMessage } = webkitWindow();
    for (const url of ['', '   ', null, undefined]) {
      expect(openUrlInNativeApp(url, { window: win })).toEqual({ ok: false, error: 'A URL is required' });
    }
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('needs an http or https URL', () => {
    const { win, postMessage } = webkitWindow();
    for (const url of ['example.com', 'javascript:alert(1)', 'ftp://example.com', 'switchboard://org/1']) {
      expect(openUrlInNativeApp(url, { window: win })).toEqual({
        ok: false,
        error: 'The URL must be an http or https address',
      });
    }
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('handOffToPartnerApp', () => {
  it('builds the custom-scheme URL and posts the open message to the parent page', () => {
    const { win, postMessage } = framedWindow();
    expect(handOffToPartnerApp({ kind: 'org', id: 42, path: '/inbox' }, { window: win })).toEqual({
      ok: true,
      url: 'switchboard://org/42?path=%2Finbox',
      posted: true,
    });
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: 'OPEN_ORG_APP', id: 42, path: '/inbox' },
      '*',
    );
  });

  it('uses the message type of each kind', () => {
    const { win, postMessage } = framedWindow();
    handOffToPartnerApp({ kind: 'partner', id: 1, path: '/' }, { window: win });
    handOffToPartnerApp({ kind: 'reseller', id: 2, path: '/settings' }, { window: win });
    expect(postMessage.mock.calls.map(([message]) => message)).toEqual([
      { type: 'OPEN_PARTNER_APP', id: 1, path: '/' },
      { type: 'OPEN_RESELLER_APP', id: 2, path: '/settings' },
    ]);
  });

  it('starts the path with one slash and encodes it whole', () => {
    const { win, postMessage } = framedWindow();
    expect(
      handOffToPartnerApp({ kind: 'org', id: 7, path: 'inbox?active=3&x=a b' }, { window: win }),
    ).toEqual({ ok: true, url: 'switchboard://org/7?path=%2Finbox%3Factive%3D3%26x%3Da%20b', posted: true });
    expect(handOffToPartnerApp({ kind: 'org', id: 7 }, { window: win })).toMatchObject({
      url: 'switchboard://org/7?path=%2F',
    });
    expect(postMessage).toHaveBeenLastCalledWith({ type: 'OPEN_ORG_APP', id: 7, path: '/' }, '*');
  });

  it('takes a configured scheme with or without its separator', () => {
    for (const scheme of ['partnerapp', 'partnerapp:', 'partnerapp://']) {
      expect(handOffToPartnerApp({ kind: 'reseller', id: 5, path: '/x' }, { window: {}, scheme })).toEqual({
        ok: true,
        url: 'partnerapp://reseller/5?path=%2Fx',
        posted: false,
      });
    }
    expect(() => handOffToPartnerApp({ kind: 'org', id: 1 }, { window: {}, scheme: 'bad scheme' })).toThrow(
      'Invalid URL scheme: bad scheme',
    );
  });

  it('builds the URL without posting outside a frame', () => {
    const { win, postMessage } = topLevelWindow();
    expect(handOffToPartnerApp({ kind: 'org', id: 3, path: '/inbox' }, { window: win })).toEqual({
      ok: true,
      url: 'switchboard://org/3?path=%2Finbox',
      posted: false,
    });
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('rejects an id that is not a whole number, and an unknown kind', () => {
    const { win, postMessage } = framedWindow();
    for (const id of [1.5, -1, Number.NaN]) {
      expect(handOffToPartnerApp({ kind: 'org', id, path: '/' }, { window: win })).toEqual({
        ok: false,
        error: 'A numeric account id is required',
      });
    }
    const kind = 'agent' as 'org';
    expect(handOffToPartnerApp({ kind, id: 1 }, { window: win })).toEqual({
      ok: false,
      error: 'The account kind must be partner, reseller or org',
    });
    expect(postMessage).not.toHaveBeenCalled();
  });
});

describe('sendAuthenticated', () => {
  const session = {
    token: 'tok-1',
    cloudId: '7d0c7f3e-5b1a-4c3e-9d7a-2f1e0b9c8a71',
    username: 'acme',
    id: 1001,
  };

  it('hands the native app the token, cloud id, username and id', () => {
    const { win, postMessage } = reactNativeWindow();
    expect(sendAuthenticated(session, { window: win })).toEqual({ ok: true, channel: 'react-native' });
    expect(JSON.parse(postMessage.mock.calls[0]?.[0] ?? '{}')).toEqual({ type: 'AUTHENTICATED', ...session });
  });

  it('sends a null id when the answer has none', () => {
    const { win, postMessage } = webkitWindow();
    sendAuthenticated({ ...session, id: undefined }, { window: win });
    expect(postMessage).toHaveBeenCalledWith({ type: 'AUTHENTICATED', ...session, id: null });
  });

  it("answers 'Unable to authenticate user' and sends nothing when the token, cloud id or username is missing", () => {
    const { win, postMessage } = reactNativeWindow();
    for (const missing of [
      { ...session, token: '' },
      { ...session, cloudId: undefined },
      { ...session, cloudId: null },
      { ...session, username: '  ' },
    ]) {
      expect(sendAuthenticated(missing, { window: win })).toEqual({
        ok: false,
        error: 'Unable to authenticate user',
      });
    }
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('reports that no native app listens', () => {
    expect(sendAuthenticated(session, { window: {} })).toEqual({ ok: false, error: noReceiverError });
  });
});

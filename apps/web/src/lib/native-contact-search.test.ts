import { afterEach, describe, expect, it, vi } from 'vitest';
import { noReceiverError } from './native-bridge';
import {
  contactSearchTimeoutError,
  parseContactSearchAnswer,
  searchPhoneContacts,
} from './native-contact-search';

describe('parseContactSearchAnswer', () => {
  it('reads the answer as an object or as JSON text, trimming its fields', () => {
    const answer = {
      type: 'CONTACT_SEARCH_RESULT',
      requestId: 'r-1',
      contact: { name: ' Ada Lovelace ', phoneNumber: '+15550101234', email: '' },
    };
    const expected = {
      requestId: 'r-1',
      contact: { name: 'Ada Lovelace', phoneNumber: '+15550101234', email: null },
    };
    expect(parseContactSearchAnswer(answer)).toEqual(expected);
    expect(parseContactSearchAnswer(JSON.stringify(answer))).toEqual(expected);
  });

  it('takes a missing or empty contact as nothing picked', () => {
    expect(
      parseContactSearchAnswer({ type: 'CONTACT_SEARCH_RESULT', requestId: 'r', contact: null }),
    ).toEqual({
      requestId: 'r',
      contact: null,
    });
    expect(parseContactSearchAnswer({ type: 'CONTACT_SEARCH_RESULT', requestId: 'r', contact: {} })).toEqual({
      requestId: 'r',
      contact: null,
    });
  });

  it('ignores other messages and malformed ones', () => {
    for (const data of [
      null,
      42,
      'not json',
      '{"type":"OPEN_URL"}',
      { type: 'CONTACT_SEARCH_RESULT' },
      { type: 'CONTACT_SEARCH_RESULT', requestId: 7 },
      { type: 'OTHER', requestId: 'r' },
    ]) {
      expect(parseContactSearchAnswer(data)).toBeNull();
    }
  });
});

describe('searchPhoneContacts', () => {
  afterEach(() => vi.useRealTimers());

  function nativeApp() {
    const source = new EventTarget();
    const sent: unknown[] = [];
    const win = { ReactNativeWebView: { postMessage: (text: string) => sent.push(JSON.parse(text)) } };
    const answer = (data: unknown) => source.dispatchEvent(new MessageEvent('message', { data }));
    return { source, sent, win, answer };
  }

  it('asks the native app and resolves with the contact of the matching answer', async () => {
    const app = nativeApp();
    const search = searchPhoneContacts('Ada', {
      window: app.win,
      sources: [app.source],
      newRequestId: () => 'req-9',
    });
    expect(app.sent).toEqual([{ type: 'CONTACT_SEARCH', contact: 'Ada', requestId: 'req-9' }]);
    // An answer to another request is not ours.
    app.answer({ type: 'CONTACT_SEARCH_RESULT', requestId: 'req-8', contact: { name: 'Wrong' } });
    app.answer(
      JSON.stringify({
        type: 'CONTACT_SEARCH_RESULT',
        requestId: 'req-9',
        contact: { name: 'Ada Lovelace', phoneNumber: '+15550101234' },
      }),
    );
    await expect(search).resolves.toEqual({ name: 'Ada Lovelace', phoneNumber: '+15550101234', email: null });
  });

  it('rejects with the bridge reason when nothing can receive the request', async () => {
    await expect(searchPhoneContacts('Ada', { window: {}, sources: [] })).rejects.toThrow(noReceiverError);
    await expect(searchPhoneContacts(' ', { window: nativeApp().win, sources: [] })).rejects.toThrow(
      'A contact is required',
    );
  });

  it('gives up after the timeout and stops listening', async () => {
    vi.useFakeTimers();
    const app = nativeApp();
    const removed = vi.spyOn(app.source, 'removeEventListener');
    const search = searchPhoneContacts('Ada', { window: app.win, sources: [app.source], timeoutMs: 1000 });
    const outcome = expect(search).rejects.toThrow(contactSearchTimeoutError);
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
  });
});

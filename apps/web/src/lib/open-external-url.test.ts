import { describe, expect, it, vi } from 'vitest';
import { openExternalUrl } from './open-external-url';

function storage(values: Record<string, string>) {
  return { getItem: (key: string) => values[key] ?? null, setItem: vi.fn() };
}

describe('openExternalUrl', () => {
  it('opens the URL in the native browser inside the mobile app', () => {
    const postMessage = vi.fn<(message: string) => void>();
    const openTab = vi.fn();
    const where = openExternalUrl('https://cal.example/book', {
      storage: storage({ mobileApp: 'true' }),
      window: { ReactNativeWebView: { postMessage } },
      openTab,
    });
    expect(where).toBe('native');
    expect(postMessage).toHaveBeenCalledWith('{"type":"OPEN_URL","url":"https://cal.example/book"}');
    expect(openTab).not.toHaveBeenCalled();
  });

  it('opens a new tab outside the mobile app, even with a native receiver present', () => {
    const postMessage = vi.fn();
    const openTab = vi.fn();
    expect(
      openExternalUrl('https://docs.example', {
        storage: storage({}),
        window: { ReactNativeWebView: { postMessage } },
        openTab,
      }),
    ).toBe('tab');
    expect(openTab).toHaveBeenCalledWith('https://docs.example');
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('falls back to a tab when the mobile app cannot be reached or storage is unavailable', () => {
    const openTab = vi.fn();
    expect(
      openExternalUrl('https://a.example', { storage: storage({ mobileApp: 'true' }), window: {}, openTab }),
    ).toBe('tab');
    expect(openExternalUrl('https://b.example', { storage: null, openTab })).toBe('tab');
    expect(openTab.mock.calls).toEqual([['https://a.example'], ['https://b.example']]);
  });
});

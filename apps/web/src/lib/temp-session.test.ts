import { describe, expect, it, vi } from 'vitest';
import type { CallApi } from './api-client';
import { ApiError } from './api-error';
import {
  checkTempSession,
  discardTempSession,
  ensureTempSession,
  tempSessionError,
  tempSessionKey,
  withTempSession,
} from './temp-session';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

const allocating = (id: number) =>
  vi.fn(() =>
    Promise.resolve({ success: true, id, token: `token-${id}`, username: `guest-${id}` }),
  ) as unknown as CallApi;

describe('ensureTempSession', () => {
  it('allocates once and keeps the session locally', async () => {
    const store = memoryStore();
    const callApi = allocating(7);
    expect(await ensureTempSession({ callApi, store })).toEqual({
      id: 7,
      token: 'token-7',
      username: 'guest-7',
    });
    expect(await ensureTempSession({ callApi, store })).toEqual({
      id: 7,
      token: 'token-7',
      username: 'guest-7',
    });
    expect(callApi).toHaveBeenCalledTimes(1);
    expect(JSON.parse(store.values.get(tempSessionKey) ?? '{}')).toMatchObject({ id: 7 });
  });

  it('allocates a new one when asked to renew after a failed fetch', async () => {
    const store = memoryStore();
    store.setItem(tempSessionKey, JSON.stringify({ id: 1, token: 'old' }));
    const session = await ensureTempSession({ callApi: allocating(2), store }, { renew: true });
    expect(session.id).toBe(2);
  });

  it('ignores a corrupt stored value', async () => {
    const store = memoryStore();
    store.setItem(tempSessionKey, '{not json');
    expect((await ensureTempSession({ callApi: allocating(3), store })).id).toBe(3);
  });

  it("fails with the spec's message when allocation fails", async () => {
    const callApi = vi.fn(() => Promise.reject(new Error('offline'))) as unknown as CallApi;
    await expect(ensureTempSession({ callApi, store: memoryStore() })).rejects.toThrow(tempSessionError);
  });
});

describe('discardTempSession', () => {
  it('removes the stored session and reloads', () => {
    const store = memoryStore();
    store.setItem(tempSessionKey, '{"id":1,"token":"t"}');
    const reload = vi.fn();
    discardTempSession({ store, reload });
    expect(store.values.has(tempSessionKey)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('withTempSession', () => {
  it('allocates on demand and passes the token to the call', async () => {
    const store = memoryStore();
    const run = vi.fn((token: string) => Promise.resolve(`sent with ${token}`));
    expect(await withTempSession({ callApi: allocating(4), store }, run)).toBe('sent with token-4');
    expect(run).toHaveBeenCalledOnce();
  });

  it('renews the session once when the server refuses the token', async () => {
    const store = memoryStore();
    store.setItem(tempSessionKey, JSON.stringify({ id: 1, token: 'stale' }));
    const run = vi.fn((token: string) =>
      token === 'stale'
        ? Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'Unknown temporary session'))
        : Promise.resolve(token),
    );
    expect(await withTempSession({ callApi: allocating(5), store }, run)).toBe('token-5');
    expect(run.mock.calls.map(([token]) => token)).toEqual(['stale', 'token-5']);
    expect(JSON.parse(store.values.get(tempSessionKey) ?? '{}')).toMatchObject({ id: 5 });
  });

  it('passes other failures through without renewing', async () => {
    const store = memoryStore();
    const callApi = allocating(6);
    const failure = new ApiError(429, 'RATE_LIMITED', 'Too many codes');
    await expect(withTempSession({ callApi, store }, () => Promise.reject(failure))).rejects.toBe(failure);
    expect(callApi).toHaveBeenCalledTimes(1);
  });
});

describe('checkTempSession', () => {
  const account = {
    success: true,
    temporary: true,
    id: 1,
    username: 'guest-1',
    data: {},
    timestamp: 1,
    expiresAt: null,
  };

  it('does nothing when no session is kept', async () => {
    const callApi = vi.fn() as unknown as CallApi;
    const reload = vi.fn();
    expect(await checkTempSession({ callApi, store: memoryStore(), reload })).toBeNull();
    expect(callApi).not.toHaveBeenCalled();
  });

  it('fetches the anonymous account with the kept token', async () => {
    const store = memoryStore();
    store.setItem(tempSessionKey, '{"id":1,"token":"t-1"}');
    const callApi = vi.fn(() => Promise.resolve(account)) as unknown as CallApi;
    const reload = vi.fn();
    expect(await checkTempSession({ callApi, store, reload })).toEqual(account);
    expect(callApi).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/v1/tempUserSession' }), {
      query: { token: 't-1' },
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('removes the kept session and reloads when the server answers success false', async () => {
    const store = memoryStore();
    store.setItem(tempSessionKey, '{"id":1,"token":"t-1"}');
    const callApi = vi.fn(() =>
      Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'This temporary session has expired')),
    ) as unknown as CallApi;
    const reload = vi.fn();
    expect(await checkTempSession({ callApi, store, reload })).toBeNull();
    expect(store.values.has(tempSessionKey)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps the session when the fetch fails for another reason', async () => {
    const store = memoryStore();
    store.setItem(tempSessionKey, '{"id":1,"token":"t-1"}');
    const callApi = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as CallApi;
    const reload = vi.fn();
    expect(await checkTempSession({ callApi, store, reload })).toBeNull();
    expect(store.values.has(tempSessionKey)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { CallApi } from './api-client';
import { discardTempSession, ensureTempSession, tempSessionError, tempSessionKey } from './temp-session';

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

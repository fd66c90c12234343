import { describe, expect, it, vi } from 'vitest';
import type { DomainProfileView } from '@switchboard/contract';
import { createApiClient } from '../../lib/api-client';
import { fetchDomainProfile } from './domain-profile';
import { readCachedProfile, writeCachedProfile } from './page-brand';

const profile: DomainProfileView = {
  id: 2000001,
  name: 'Northwind Voice',
  details: { image: '/api/v2/domainProfile/logo/a.png', supportEmail: 'help@northwind.example' },
  settings: {
    supportUrl: 'https://help.northwind.example',
    smsMessaging: true,
    allowEmbeds: false,
    appScripts: [],
    favorites: [],
  },
  ownHost: false,
  domain: 'voice.northwind.example',
};

const clientAnswering = (status: number, body: unknown) => {
  const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  return { fetch, callApi: createApiClient({ fetch, storage: () => null }) };
};

describe('fetchDomainProfile', () => {
  it('asks for the host (and the generic mode) and answers the profile', async () => {
    const { fetch, callApi } = clientAnswering(200, { success: true, profile });
    const log = { error: vi.fn() };
    expect(await fetchDomainProfile(callApi, 'voice.northwind.example:8443', { generic: true, log })).toEqual(
      profile,
    );
    expect(fetch.mock.calls[0]?.[0]).toBe(
      '/api/v2/domain/profile?host=voice.northwind.example%3A8443&generic=true',
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it("logs 'Invalid domain data' and answers null when the call fails or the profile is missing", async () => {
    for (const [status, body] of [
      [500, { success: false, code: 'INTERNAL', message: 'boom' }],
      [200, { success: true }],
      [200, { success: false, code: 'NOT_FOUND', message: 'no' }],
    ] as const) {
      const log = { error: vi.fn() };
      expect(
        await fetchDomainProfile(clientAnswering(status, body).callApi, 'x.example', { log }),
      ).toBeNull();
      expect(log.error).toHaveBeenCalledWith('Invalid domain data', expect.anything());
    }
  });
});

describe('cached profile', () => {
  it('keeps the last profile per host and drops what does not read as one', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    writeCachedProfile(storage, 'voice.northwind.example', profile);
    expect(readCachedProfile(storage, 'voice.northwind.example')).toEqual(profile);
    expect(readCachedProfile(storage, 'other.example')).toBeNull();
    store.set('domainProfile:broken.example', '{"id":"x"}');
    expect(readCachedProfile(storage, 'broken.example')).toBeNull();
    writeCachedProfile(storage, 'voice.northwind.example', null);
    expect(readCachedProfile(storage, 'voice.northwind.example')).toBeNull();
  });
});

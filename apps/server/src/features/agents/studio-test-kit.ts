// Shared set-up of the agents API tests: the demo tree, a session per demo person, and a request helper.
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';

export interface StudioKit {
  t: TestApp;
  ids: Record<string, number>;
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: string,
    payload?: unknown,
  ) => Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
  close: () => Promise<void>;
}

export const demoPeople = [
  'superadmin',
  'partner',
  'reseller',
  'acme',
  'globex',
  'agent1',
  'agent2',
  'agent3',
];

/** Starts the app on a fresh database, writes the demo data with `seed` (the test's own import) and signs in. */
export async function startStudioKit(seed: (db: TestApp['db']) => Promise<unknown>): Promise<StudioKit> {
  const t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' } });
  await seed(t.db);
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  for (const who of demoPeople) {
    const token = (await signInByEmail(t.app, demoEmail(who))).token;
    tokens[who] = token;
    if (who === 'superadmin') continue;
    const account = await t.app.inject({ method: 'GET', url: `/api/v1/account?token=${token}` });
    const { id, username } = account.json<{ account: { id: number; username: string } }>().account;
    ids[username] = id;
  }
  return {
    t,
    ids,
    call: (method, url, who, payload) =>
      t.app.inject({
        method,
        url: `${url}${url.includes('?') ? '&' : '?'}token=${tokens[who] ?? ''}`,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    close: () => t.close(),
  };
}

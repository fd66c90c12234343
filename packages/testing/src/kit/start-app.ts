import { accounts, demoAccounts, inArray, seedDemoData } from '@switchboard/db';
import { demoEmail, signInByEmail } from '../sign-in';
import { createTestApp, type TestApp, type TestAppOptions } from '../test-app';
import { createApiClient, type ApiClient } from './api-client';

/** The demo people (packages/db seed): the super admin and the owner of each demo account. */
export const demoPeople = [
  'superadmin',
  'partner',
  'reseller',
  'acme',
  'globex',
  'agent1',
  'agent2',
  'agent3',
] as const;
export type DemoPerson = (typeof demoPeople)[number];
/** The demo accounts by username (every demo person but the super admin, who has no account of their own). */
export type DemoUsername = Exclude<DemoPerson, 'superadmin'>;

/** A client signed in as one person; `id` and `username` are the sign-in answer's (their home account). */
export interface SignedInClient extends ApiClient {
  readonly token: string;
  readonly id: number;
  readonly username: string;
}

export interface StartAppOptions extends TestAppOptions {
  /** `demo` (the default) writes the demo seed before the test starts; `empty` leaves the database migrated only. */
  seed?: 'demo' | 'empty';
}

/** A started app: the real app on a private database, with clients and sign-in. */
export interface KitApp extends TestApp {
  /** Signs in the way a person does (a code by email, read from the sandbox outbox): a demo person or an email. */
  signIn(who: DemoPerson | (string & {})): Promise<SignedInClient>;
  /** Signs in several people at once, keyed by who they are. */
  signInEach<P extends DemoPerson>(...who: P[]): Promise<Record<P, SignedInClient>>;
  /** A client with a token of the test's own (a temporary session, a one-time token), or anonymous without one. */
  client(token?: string | null): ApiClient;
}

/** A started app with the demo data, and the demo accounts' ids by username. */
export interface DemoApp extends KitApp {
  readonly ids: Readonly<Record<DemoUsername, number>>;
}

async function demoIds(db: TestApp['db']): Promise<Record<DemoUsername, number>> {
  const rows = await db
    .select({ id: accounts.id, username: accounts.username })
    .from(accounts)
    .where(
      inArray(
        accounts.username,
        demoAccounts.map((account) => account.username),
      ),
    );
  const ids = Object.fromEntries(rows.map((row) => [row.username, row.id]));
  for (const username of demoPeople) {
    if (username !== 'superadmin' && ids[username] === undefined)
      throw new Error(`the demo seed wrote no account ${username}`);
  }
  return ids as Record<DemoUsername, number>;
}

/**
 * Starts the real app on a private clone of the migrated database (sandbox providers), with the demo data unless
 * `seed: 'empty'`. Sign-in codes per client address are raised to 1000 (every sign-in comes from one address);
 * `env` overrides that like any other setting.
 */
export async function startApp(options?: StartAppOptions & { seed?: 'demo' }): Promise<DemoApp>;
export async function startApp(options: StartAppOptions & { seed: 'empty' }): Promise<KitApp>;
export async function startApp(options: StartAppOptions = {}): Promise<KitApp | DemoApp> {
  const { seed = 'demo', ...appOptions } = options;
  const t = await createTestApp({ ...appOptions, env: { SIGNIN_CODES_PER_IP: '1000', ...appOptions.env } });
  const kit: KitApp = {
    ...t,
    async signIn(who) {
      const signedIn = await signInByEmail(t.app, who.includes('@') ? who : demoEmail(who));
      const client = createApiClient(t.app, signedIn.token);
      return { ...client, token: signedIn.token, id: signedIn.id, username: signedIn.username };
    },
    async signInEach(...who) {
      const clients: Partial<Record<(typeof who)[number], SignedInClient>> = {};
      for (const person of who) clients[person] = await kit.signIn(person);
      return clients as Record<(typeof who)[number], SignedInClient>;
    },
    client: (token = null) => createApiClient(t.app, token),
  };
  if (seed === 'empty') return kit;
  try {
    await seedDemoData(t.db);
    return { ...kit, ids: await demoIds(t.db) };
  } catch (error) {
    await t.close();
    throw error;
  }
}

// Who may do what, generated from the contract: every endpoint that declares a permission is called by every
// role, and answers the permission 403 exactly when its declaration leaves that role out. Then every role
// against every target person for the calls that reach people: one-time sign-in tokens, acting for their
// account, and removing them as admin users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, buildPath, type CallerRole, type Endpoint } from '@switchboard/contract';
import { computePermissions } from '@switchboard/core';
import { eq, memberships, users } from '@switchboard/db';
import {
  demoEmail,
  inviteMember,
  sampleFor,
  startApp,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';

let kit: DemoApp;

/** The people of the demo tree, one per role, and an invited (non-owner) admin user of acme. */
const people = ['superadmin', 'partner', 'reseller', 'acme', 'acmeMember', 'globex', 'agent1'] as const;
type Person = (typeof people)[number];
const emailOf = (who: Person) => (who === 'acmeMember' ? 'member@acme.example' : demoEmail(who));

const client: Partial<Record<Person, SignedInClient>> = {};
const userId: Partial<Record<Person, number>> = {};
const homeAccount: Partial<Record<Person, number>> = {};

/** Each person's role and account as the spec derives them (globex is listed as a test account). */
const roleOf: Record<Person, CallerRole | 'superAdmin'> = {
  superadmin: 'superAdmin',
  partner: 'partner',
  reseller: 'reseller',
  acme: 'organization',
  acmeMember: 'organization',
  globex: 'organization',
  agent1: 'agent',
};

/** Who is strictly below whom in the demo tree (the expectation, written out rather than computed). */
const strictlyBelow: Record<Person, readonly Person[]> = {
  superadmin: ['partner', 'reseller', 'acme', 'acmeMember', 'globex', 'agent1'],
  partner: ['reseller', 'acme', 'acmeMember', 'globex', 'agent1'],
  reseller: ['acme', 'acmeMember', 'globex', 'agent1'],
  acme: ['acmeMember', 'agent1'],
  acmeMember: ['agent1'],
  globex: [],
  agent1: [],
};

/** The accounts each person may act for (their own and those below it; the super admin's home is the partner). */
const actsFor: Record<Person, readonly Person[]> = {
  superadmin: people,
  partner: people,
  reseller: ['reseller', 'acme', 'acmeMember', 'globex', 'agent1'],
  acme: ['acme', 'acmeMember', 'agent1'],
  acmeMember: ['acme', 'acmeMember', 'agent1'],
  globex: ['globex'],
  agent1: ['agent1'],
};

beforeAll(async () => {
  kit = await startApp({ env: { SIGNIN_WRONG_CODES_PER_IP: '1000', TEST_ACCOUNT_USERNAMES: 'globex' } });
  await inviteMember(await kit.signIn('acme'), { email: emailOf('acmeMember') });
  for (const who of people) {
    const signedIn = await kit.signIn(emailOf(who));
    client[who] = signedIn;
    const [row] = await kit.db
      .select()
      .from(users)
      .where(eq(users.email, emailOf(who)));
    userId[who] = row!.id;
    const view = await signedIn.get<{ account: { id: number } }>('/api/v1/account');
    homeAccount[who] = view.body.account.id;
  }
});
afterAll(() => kit.close());

function call(endpoint: Endpoint, who: Person, query: Record<string, unknown> = {}, body?: unknown) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...sampleFor(endpoint.query), ...query })) {
    search.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const payload = body ?? (endpoint.body ? sampleFor(endpoint.body) : undefined);
  return client[who]!.inject({
    method: endpoint.method,
    url: `${buildPath(endpoint.path, sampleFor(endpoint.params))}?${search.toString()}`,
    ...(payload === undefined ? {} : { payload }),
  });
}

const isPermissionRefusal = (status: number, body: string) =>
  status === 403 && (JSON.parse(body) as { requires?: unknown }).requires !== undefined;

// A new username would change who counts as a test account for the calls after it, so it goes last.
const declared = allEndpoints
  .filter((endpoint) => endpoint.guard === 'session' && endpoint.permission)
  .sort((a, b) => Number(a.path === '/api/v1/updateUsername') - Number(b.path === '/api/v1/updateUsername'));

describe('declared permissions, role by role', () => {
  it('covers the calls that restrict roles or flags', () => {
    expect(declared.length).toBeGreaterThan(20);
  });

  const cases = declared.flatMap((endpoint) =>
    people.map((who) => [`${endpoint.method} ${endpoint.path} as ${who}`, endpoint, who] as const),
  );

  it.each(cases)('%s', async (_name, endpoint, who) => {
    const role = roleOf[who];
    const permission = endpoint.permission ?? {};
    const flags = computePermissions(
      {
        superAdmin: role === 'superAdmin',
        role: role === 'superAdmin' || role === 'agent' ? 'organization' : role,
        accountId: homeAccount[who] ?? 0,
        username: who === 'acmeMember' ? 'acme' : who,
      },
      homeAccount[who] ?? 0,
      { testAccountUsernames: ['globex'] },
    );
    const allowed =
      role === 'superAdmin' ||
      ((!permission.roles || permission.roles.includes(role)) &&
        (!permission.flag || flags[permission.flag]));
    const response = await call(endpoint, who);
    expect(isPermissionRefusal(response.statusCode, response.body), response.body).toBe(!allowed);
  });
});

const byPath = (method: string, path: string) => {
  const found = allEndpoints.find((endpoint) => endpoint.method === method && endpoint.path === path);
  if (!found) throw new Error(`no ${method} ${path} in the contract`);
  return found;
};

const pairs = people.flatMap((actor) =>
  people.map((target) => [`${actor} → ${target}`, actor, target] as const),
);

describe('one-time sign-in tokens reach only people strictly below', () => {
  const mint = byPath('GET', '/api/v2/auth/account/oneTimeAuthToken');
  it.each(pairs)('%s', async (_name, actor, target) => {
    const response = await call(mint, actor, { email: emailOf(target) });
    const mayMint = ['superAdmin', 'partner', 'reseller'].includes(roleOf[actor]);
    if (!mayMint) {
      expect(response.statusCode, response.body).toBe(403);
    } else if (strictlyBelow[actor].includes(target)) {
      expect(response.statusCode, response.body).toBe(200);
    } else {
      expect(response.statusCode, response.body).toBe(404);
      // The refusal looks like an unknown address and never repeats the address.
      expect(response.json()).toMatchObject({ message: 'Account not found for key: email' });
      expect(response.body).not.toContain(emailOf(target));
    }
  });
});

describe("acting for a person's account reaches one's own account and those below", () => {
  const getAccount = byPath('GET', '/api/v1/account');
  it.each(pairs)('%s', async (_name, actor, target) => {
    const response = await call(getAccount, actor, { targetAccountId: homeAccount[target] });
    expect(response.statusCode, response.body).toBe(actsFor[actor].includes(target) ? 200 : 403);
  });
});

describe('admin users can be removed only by someone with more say', () => {
  const remove = byPath('DELETE', '/api/v2/deleteAdminUser');
  it.each(pairs)('%s', async (_name, actor, target) => {
    const response = await call(
      remove,
      actor,
      { targetAccountId: homeAccount[target] },
      { targetUserId: userId[target] },
    );
    const leaving = actor === target;
    // globex is a test account: it has no canManageUsers at all.
    if (
      actor === 'globex' ||
      (!leaving && (!actsFor[actor].includes(target) || !strictlyBelow[actor].includes(target)))
    ) {
      expect(response.statusCode, response.body).toBe(403);
      return;
    }
    // A permitted removal (or leaving) of a sole owner still stops at the last-owner rule; an invited member
    // goes, and is put back for the next pair.
    if (target === 'acmeMember' || target === 'superadmin') {
      expect(response.statusCode, response.body).toBe(200);
      await kit.db
        .insert(memberships)
        .values({ userId: userId[target]!, accountId: homeAccount[target]!, isOwner: false });
    } else {
      expect(response.statusCode, response.body).toBe(409);
    }
  });
});

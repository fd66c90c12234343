// Every signed-in route, called by a sibling tenant with the other tenant's ids, must answer 403 or 404. Routes
// join this matrix when they are declared; an id-like parameter a route does not declare as tenant-owned fails it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, buildPath, type Endpoint } from '@switchboard/contract';
import { accounts, agentTemplates, agentVersions, eq, seedDemoData, users } from '@switchboard/db';
import {
  createTestApp,
  demoEmail,
  fieldNames,
  sampleFor,
  signInByEmail,
  type TestApp,
} from '@switchboard/testing';
import { contacts as contactRows } from '@switchboard/db';
import { domains as domainRows } from '@switchboard/db';
import { openRoom } from '../features/inbox/inbox.service';

/** Fields whose names look like ids but name no tenant's record, each with the reason. */
const notTenantIds: Record<string, string> = {
  externalAccountId: "a caller's own reference for an account, looked up only inside the caller's tree",
  targetUsername: 'the new username being chosen, not an existing account',
  appId: "an app of the catalogue or of the acting organization's own apps, looked up only inside it",
  campaignId:
    "read-only in a campaign save: the server ignores it and writes the acting agent's own campaign",
};

const idLike = /(^id$|Id$|Ids$|^username$|Username$)/;

let t: TestApp;
let attackerToken: string;
const victim: Record<string, string | number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
  attackerToken = (await signInByEmail(t.app, demoEmail('globex'))).token;
  const [acme] = await t.db.select().from(accounts).where(eq(accounts.username, 'acme'));
  const [owner] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('acme')));
  if (!acme || !owner) throw new Error('demo seed missing acme');
  // One record of the victim tenant per owned kind; a new kind needs a line here (the test says so).
  victim.account = acme.id;
  victim.accountUsername = acme.username;
  victim.member = owner.id;
  const [inboxAgent] = await t.db.select().from(accounts).where(eq(accounts.username, 'agent1'));
  if (!inboxAgent) throw new Error('demo seed missing agent1');
  const victimRoom = await openRoom(t.db, {
    accountId: inboxAgent.id,
    contactAddress: '+15557770001',
    channel: 'sms',
  });
  victim.room = victimRoom.roomId;
  victim.conversationTarget = victimRoom.roomId;
  victim.contactProfile = victimRoom.contactProfileId;
  const [victimContact] = await t.db
    .insert(contactRows)
    .values({ accountId: inboxAgent.id, name: 'Victim Contact', phoneNumber: '+15557770001' })
    .returning();
  victim.contact = victimContact!.id;
  const [agent1] = await t.db.select().from(accounts).where(eq(accounts.username, 'agent1'));
  const [version] = await t.db
    .insert(agentVersions)
    .values({ agentAccountId: agent1!.id, title: 'victim', source: 'staging', snapshot: {} })
    .returning();
  victim.agentVersion = version!.id;
  await t.db
    .insert(agentTemplates)
    .values({ id: 'tmplvictim', ownerAccountId: acme.id, name: 'Victim template', config: {} });
  victim.template = 'tmplvictim';
  await t.db.insert(domainRows).values({ domain: 'victim.acme.example', accountId: acme.id });
  victim.domain = 'victim.acme.example';
  // The demo seed records agent1's number as held at the sandbox phone network.
  victim.phoneNumber = '+15550100001';
});
afterAll(() => t.close());

const signedInRoutes = allEndpoints.filter((endpoint) => endpoint.guard !== 'public');
const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

function request(
  endpoint: Endpoint,
  overrides: { part: 'params' | 'query' | 'body'; name: string; value: unknown }[],
) {
  const params = { ...sampleFor(endpoint.params) };
  const query: Record<string, unknown> = { ...sampleFor(endpoint.query), token: attackerToken };
  const body = endpoint.body ? { ...sampleFor(endpoint.body) } : undefined;
  for (const { part, name, value } of overrides) {
    if (part === 'params') params[name] = value;
    else if (part === 'query') query[name] = value;
    else if (body) body[name] = value;
  }
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  return t.app.inject({
    method: endpoint.method,
    url: `${buildPath(endpoint.path, params)}?${search.toString()}`,
    ...(body ? { payload: body } : {}),
  });
}

describe('tenant isolation', () => {
  it('covers the signed-in routes', () => {
    expect(signedInRoutes.length).toBeGreaterThan(10);
  });

  it.each(signedInRoutes.map((endpoint) => [label(endpoint), endpoint] as const))(
    '%s declares every id it takes',
    (_name, endpoint) => {
      const undeclared = (['params', 'query', 'body'] as const).flatMap((part) =>
        fieldNames(endpoint[part])
          .filter(
            (name) =>
              idLike.test(name) &&
              !(part === 'query' && name === 'targetAccountId') &&
              !(name in notTenantIds),
          )
          .filter((name) => !(endpoint.owned?.[part] as Record<string, string> | undefined)?.[name])
          .map((name) => `${part}.${name}`),
      );
      expect(undeclared, 'declare these in `owned`, or list them in notTenantIds with a reason').toEqual([]);
    },
  );

  it.each(signedInRoutes.map((endpoint) => [label(endpoint), endpoint] as const))(
    "%s refuses another tenant's targetAccountId",
    async (_name, endpoint) => {
      const response = await request(endpoint, [
        { part: 'query', name: 'targetAccountId', value: victim.account },
      ]);
      expect(response.statusCode, response.body).toBe(403);
    },
  );

  const ownedCases = signedInRoutes.flatMap((endpoint) =>
    (['params', 'query', 'body'] as const).flatMap((part) =>
      Object.entries((endpoint.owned?.[part] ?? {}) as Record<string, string>).map(
        ([name, kind]) =>
          [`${label(endpoint)} ${part}.${name} (${kind})`, endpoint, part, name, kind] as const,
      ),
    ),
  );

  it.each(ownedCases)("%s refuses another tenant's id", async (_name, endpoint, part, name, kind) => {
    const value = victim[kind];
    expect(value, `add a ${kind} record of the victim tenant to this test`).toBeDefined();
    const response = await request(endpoint, [{ part, name, value }]);
    expect([403, 404], response.body).toContain(response.statusCode);
  });
});

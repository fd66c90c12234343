// Every signed-in route, called by a sibling tenant with the other tenant's ids, must answer 403 or 404. Routes
// join this matrix when they are declared; an id-like parameter a route does not declare as tenant-owned fails it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, buildPath, type Endpoint } from '@switchboard/contract';
import { appointments, eq, users, webhookDeliveries } from '@switchboard/db';
import {
  createAgentVersion,
  createContact,
  createReseller,
  createTemplate,
  demoEmail,
  fieldNames,
  sampleFor,
  startApp,
  textAgent,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';

/** Fields whose names look like ids but name no tenant's record, each with the reason. */
const notTenantIds: Record<string, string> = {
  externalAccountId: "a caller's own reference for an account, looked up only inside the caller's tree",
  targetUsername: 'the new username being chosen, not an existing account',
  appId: "an app of the catalogue or of the acting organization's own apps, looked up only inside it",
  externalTaskId: "a caller's own correlation text stored on a task, never looked up",
  batchId:
    "narrows a list to one CSV upload among the acting account's own tasks; another tenant's matches none",
  campaignId:
    "read-only in a campaign save: the server ignores it and writes the acting agent's own campaign",
  callId: "a call of the signed-in person's own softphone, looked up only among that person's calls",
  sessionId:
    'a card checkout at the payment provider, answered only when the caller may act for the account it credits',
  productPlanId:
    "a plan of a catalogue, looked up only among the plans the acting account's own tree sells or may buy",
  sipCallId:
    "a SIP Call-ID the caller's phone system chose, looked up only among the acting account's own calls",
};

/** Fields of one route only whose names look like ids but name no tenant's record, each with the reason. */
const notTenantIdsOf: Record<string, Record<string, string>> = {
  'POST /api/v1/stats/campaigns': {
    campaignIds:
      "looked up only among the campaigns at or below the acting account; another tenant's is a 404 naming it",
  },
  'POST /internal/issueRefundToUser': {
    conversationId:
      "any tenant's conversation from the review queue: the call is the super admin's alone, and the refund " +
      'goes only to the wallet the conversation was charged to',
  },
  'POST /api/v2/sip/registration': {
    username: "the extension on the account's own phone system, sent there in REGISTER, never looked up here",
    authUsername: "the digest user name for the account's own phone system, never looked up here",
  },
};

const idLike = /(^id$|Id$|Ids$|^username$|Username$)/;

let kit: DemoApp;
let attacker: SignedInClient;
const victim: Record<string, string | number> = {};

beforeAll(async () => {
  kit = await startApp();
  attacker = await kit.signIn('globex');
  const acme = await kit.signIn('acme');
  const [owner] = await kit.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail('acme')));
  if (!owner) throw new Error('demo seed missing acme');
  // One record of the victim tenant per owned kind; a new kind needs a line here (the test says so).
  victim.account = kit.ids.acme;
  victim.accountUsername = 'acme';
  victim.member = owner.id;
  const token = await acme.post<{ token: { id: number } }>('/api/v2/tokens', { description: 'victim' });
  expect(token.status, token.text).toBe(201);
  victim.apiToken = token.body.token.id;
  const hook = await acme.post<{ webhook: { id: number } }>('/api/v2/webhooks', {
    url: 'https://hooks.acme.example/in',
    label: 'victim',
    events: ['message.received'],
  });
  expect(hook.status, hook.text).toBe(201);
  victim.webhook = hook.body.webhook.id;
  const { room } = await textAgent(
    kit,
    { to: 'agent1', from: '+15557770001', text: 'A victim text' },
    { waitForReply: true },
  );
  victim.room = room.roomId;
  victim.conversationTarget = room.roomId;
  // The victim's text made a delivery for the victim's webhook.
  const [delivery] = await kit.db.select().from(webhookDeliveries);
  if (!delivery) throw new Error('the text made no webhook delivery');
  victim.webhookDelivery = delivery.id;
  victim.contactProfile = room.contactProfileId;
  victim.contact = (
    await createContact(acme, { name: 'Victim Contact', phoneNumber: '+15557770001' }, kit.ids.agent1)
  ).id;
  victim.agentVersion = (await createAgentVersion(acme, kit.ids.agent1, { title: 'victim' })).versionId;
  const task = await acme.post<{ task: { id: number } }>('/api/v2/tasks', {
    type: 'call',
    target: '+15557770002',
    accountId: kit.ids.agent1,
  });
  expect(task.status, task.text).toBe(200);
  victim.task = task.body.task.id;
  const listed = await acme.post<{ added: { id: number }[] }>('/api/v2/tasks/do-not-call', {
    numbers: ['+15557770003'],
  });
  expect(listed.status, listed.text).toBe(200);
  victim.doNotCallEntry = listed.body.added[0]?.id ?? 0;
  // Templates belong to resellers and partners: one of a reseller outside the attacker's tree.
  const partner = await kit.signIn('partner');
  await createReseller(partner, { name: 'Victim Reseller', email: 'owner@victim-reseller.test' });
  const victimReseller = await kit.signIn('owner@victim-reseller.test');
  victim.template = (await createTemplate(victimReseller, { name: 'Victim template' })).id;
  const domain = await acme.post('/api/v2/domain', { domain: 'victim.acme.example' });
  expect(domain.status, domain.text).toBe(201);
  victim.domain = 'victim.acme.example';
  const base = await acme.post<{ knowledgeBase: { id: string } }>('/api/v2/kb/knowledgebase', {
    title: 'Victim knowledge',
  });
  expect(base.status, base.text).toBe(201);
  victim.knowledgeBase = base.body.knowledgeBase.id;
  const added = await acme.post<{ documents: { id: string }[] }>(
    `/api/v2/kb/knowledgebase/${victim.knowledgeBase}/document`,
    { urls: ['https://victim.acme.example/hours'] },
  );
  victim.knowledgeDocument = added.body.documents[0]?.id ?? 'missing';
  // A number acme's agent2 bought on the sandbox phone network.
  const agent2 = acme.actingFor(kit.ids.agent2);
  const offered = await agent2.post<{ numbers: { phoneNumber: string }[] }>(
    '/api/v2/phoneNumber/search/local/prefix',
    { prefix: '212' },
  );
  const number = offered.body.numbers[0]?.phoneNumber;
  if (!number) throw new Error(`no number offered: ${offered.text}`);
  const bought = await agent2.post('/api/v2/phoneNumber/assign', { number, country: 'US' });
  expect(bought.status, bought.text).toBe(200);
  victim.phoneNumber = number;
  const [appointment] = await kit.db
    .insert(appointments)
    .values({
      accountId: kit.ids.agent1,
      startsAt: new Date('2030-01-07T15:00:00Z'),
      endsAt: new Date('2030-01-07T15:30:00Z'),
      timezone: 'America/New_York',
      name: 'Victim Booking',
    })
    .returning();
  victim.appointment = appointment?.id ?? 0;
});
afterAll(() => kit.close());

const signedInRoutes = allEndpoints.filter((endpoint) => endpoint.guard !== 'public');
const label = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

function request(
  endpoint: Endpoint,
  overrides: { part: 'params' | 'query' | 'body'; name: string; value: unknown }[],
) {
  const params = { ...sampleFor(endpoint.params) };
  const query: Record<string, unknown> = { ...sampleFor(endpoint.query) };
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
  return attacker.inject({
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
              !(name in notTenantIds) &&
              !(name in (notTenantIdsOf[`${endpoint.method} ${endpoint.path}`] ?? {})),
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

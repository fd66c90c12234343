import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SipAddressesView } from '@switchboard/contract';
import { accounts, eq } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';

let kit: DemoApp;
let as: Record<'acme' | 'globex' | 'agent1', SignedInClient>;

beforeAll(async () => {
  kit = await startApp({ env: { SIP_PORT: '0', SIP_PUBLIC_HOST: 'sip.example.test' } });
  as = await kit.signInEach('acme', 'globex', 'agent1');
  await kit.db
    .update(accounts)
    .set({ vidaPhoneNumber: '+15550101234' })
    .where(eq(accounts.id, kit.ids.agent1));
});
afterAll(() => kit.close());

const addressesOf = async (client: SignedInClient, targetAccountId?: number) => {
  const answer = await client.get<{ addresses: SipAddressesView }>('/api/v2/sip/addresses', {
    ...(targetAccountId === undefined ? {} : { query: { targetAccountId } }),
  });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.addresses;
};

describe('the SIP address to point a phone system at', () => {
  it("names the public host, the endpoint's port and each agent's URIs by username and by number", async () => {
    const port = kit.app.sipEndpoint?.port;
    expect(port).toBeGreaterThan(0);
    const addresses = await addressesOf(as.acme);
    expect(addresses.endpoint).toEqual({ host: 'sip.example.test', port, transports: ['udp', 'tcp'] });
    const agent1 = addresses.agents.find((agent) => agent.accountId === kit.ids.agent1);
    expect(agent1?.uris).toEqual([
      `sip:agent1@sip.example.test:${String(port)}`,
      `sip:+15550101234@sip.example.test:${String(port)}`,
    ]);
    expect(addresses.agents.map((agent) => agent.accountId)).toContain(kit.ids.agent2);
    expect(addresses.agents.map((agent) => agent.accountId)).not.toContain(kit.ids.agent3);
    // An agent account sees itself only.
    const own = await addressesOf(as.agent1);
    expect(own.agents.map((agent) => agent.username)).toEqual(['agent1']);
  });

  it("never lists another tenant's agents", async () => {
    const theirs = await addressesOf(as.globex);
    expect(theirs.agents.map((agent) => agent.accountId)).not.toContain(kit.ids.agent1);
    const acting = await as.globex.get('/api/v2/sip/addresses', { query: { targetAccountId: kit.ids.acme } });
    expect(acting.status).toBe(403);
    expect((await kit.client().get('/api/v2/sip/addresses')).status).toBe(401);
  });
});

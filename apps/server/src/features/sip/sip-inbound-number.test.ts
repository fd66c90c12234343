import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, eq, sipCalls } from '@switchboard/db';
import {
  startApp,
  startFakeSipPhone,
  type DemoApp,
  type FakeSipCall,
  type FakeSipPhone,
  type SignedInClient,
} from '@switchboard/testing';

// FACTS §8 inbound URIs by number (sip:+<E.164 agent number>@host) from packages/testing's fake SIP phone, the
// 404 for a From that is not E.164, and an agent's transfer on a SIP call sent through the account's outbound
// route (the REFER's Refer-To names the route's host).
const agentNumber = '+15550100401';
const caller = '+15557770501';
let t: DemoApp;
let phone: FakeSipPhone;
let acme: SignedInClient;
let server: { host: string; port: number };

beforeAll(async () => {
  t = await startApp({ env: { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_TCP: 'off' } });
  const port = t.app.sipEndpoint?.port;
  if (!port) throw new Error('the SIP endpoint did not start');
  server = { host: '127.0.0.1', port };
  phone = await startFakeSipPhone();
  acme = await t.signIn('acme');
  await t.db.update(accounts).set({ vidaPhoneNumber: agentNumber }).where(eq(accounts.id, t.ids.agent1));
  const allowed = await acme.post('/api/v2/sip/ipWhitelist', { ip: '127.0.0.0/8', label: 'Loopback PBX' });
  expect(allowed.status, allowed.text).toBe(201);
}, 60_000);
afterAll(async () => {
  await phone.close();
  await t.close();
});

const record = async (call: FakeSipCall) =>
  (await t.db.select().from(sipCalls).where(eq(sipCalls.sipCallId, call.callId)))[0];

describe('an INVITE to an agent’s number', { timeout: 60_000 }, () => {
  it('reaches the agent whose number the Request-URI names, and ends on the caller’s BYE', async () => {
    const call = phone.call({ server, to: agentNumber, from: caller });
    expect((await call.response('INVITE')).status).toBe(200);
    call.ack();
    expect(await record(call)).toMatchObject({ accountId: t.ids.agent1, fromNumber: caller });
    expect((await record(call))?.toUri).toBe(`sip:${agentNumber}@127.0.0.1:${server.port}`);
    call.bye();
    expect((await call.response('BYE')).status).toBe(200);
    await expect.poll(async () => (await record(call))?.endReason, { timeout: 10_000 }).toBe('caller-bye');
  });

  it('answers 404 when the From is not an E.164 number', async () => {
    const call = phone.call({ server, to: agentNumber, from: 'front-desk' });
    const refused = await call.response('INVITE');
    expect(refused.status).toBe(404);
    expect(await record(call)).toMatchObject({
      accountId: t.ids.agent1,
      status: 'refused',
      endReason: '404 the From "front-desk" is not an E.164 number',
    });
  });

  it('answers 404 for a number no agent has', async () => {
    const call = phone.call({ server, to: '+15550100499', from: caller });
    expect((await call.response('INVITE')).status).toBe(404);
    expect(await record(call)).toBeUndefined();
  });
});

describe('a transfer on a SIP call of an account with an outbound route', { timeout: 60_000 }, () => {
  it('sends the new leg through the route: Refer-To names the route’s host, port and transport', async () => {
    const added = await acme.post('/api/v2/sip/outboundRoutes', {
      route: 'trunk.acme.test:5070;transport=tcp',
    });
    expect(added.status, added.text).toBe(201);
    const call = phone.call({ server, to: 'agent1', from: caller });
    expect((await call.response('INVITE')).status).toBe(200);
    call.ack();
    expect(t.app.sipEndpoint?.transfer(call.callId, '+15551234567')).toBe(true);
    const refer = await call.waitForRequest('REFER');
    expect(refer.headers.get('refer-to')?.[0]).toBe('<sip:+15551234567@trunk.acme.test:5070;transport=tcp>');
    await call.waitForRequest('BYE');
    await expect.poll(async () => (await record(call))?.endReason, { timeout: 10_000 }).toBe('transferred');
  });
});

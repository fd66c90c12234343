import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import twilio from 'twilio';
import type { ForwardingView } from '@switchboard/contract';
import { accounts, eq, forwardingChecks, users } from '@switchboard/db';
import { mintOneTimeToken } from '../auth/auth.service';
import {
  demoEmail,
  freePort,
  startApp,
  startFakeTwilioServer,
  type DemoApp,
  type FakeTwilioServer,
  type SignedInClient,
} from '@switchboard/testing';

interface ForwardingBody {
  success: boolean;
  verified: boolean;
  forwarding: ForwardingView;
}
interface WalkthroughBody {
  version: 1;
  completed: string[];
  next: string | null;
}

const messageOf = (text: string) => (JSON.parse(text) as { message: string }).message;

describe('call forwarding on the sandbox phone network', () => {
  let kit: DemoApp;
  let as: Record<'acme' | 'globex' | 'agent1' | 'agent2', SignedInClient>;
  const agentNumber = '+15550100001';
  const cell = '+13125550170';
  beforeAll(async () => {
    kit = await startApp();
    as = await kit.signInEach('acme', 'globex', 'agent1', 'agent2');
  });
  afterAll(() => kit.close());

  const verify = (who: keyof typeof as, body: Record<string, unknown>, targetAccountId?: number) =>
    as[who].post<ForwardingBody>(
      '/api/v1/verifyCellForwarding',
      body,
      targetAccountId ? { targetAccountId } : {},
    );
  const forward = (cellNumber: string, forwardTo: string | null) =>
    as.agent1.post('/api/sandbox/callForwarding', { cellNumber, forwardTo });

  it('fails honestly while the cell does not forward, saying how to turn forwarding on', async () => {
    const response = await verify('agent1', { cellNumber: cell });
    expect(response.status, response.text).toBe(200);
    expect(response.body.verified).toBe(false);
    expect(response.body.forwarding).toMatchObject({ status: 'failed', cellNumber: cell, agentNumber });
    expect(response.body.forwarding.failure).toContain('forwarding is not on (dial *725550100001 from it)');
    const walk = await as.agent1.get<WalkthroughBody>('/api/v2/walkthrough');
    expect(walk.body.completed).not.toContain('FORWARD_CALLS');
  });

  it('verifies once the cell forwards to the agent number, and keeps it on the account', async () => {
    expect((await forward(cell, agentNumber)).status).toBe(200);
    const response = await verify('agent1', { cellNumber: cell });
    expect(response.body.verified).toBe(true);
    expect(response.body.forwarding).toMatchObject({ status: 'verified', verifiedCell: cell, failure: null });
    const state = await as.agent1.post<ForwardingBody>('/api/v1/validateVerifiedNumber', { listen: true });
    expect(state.body.verified).toBe(true);
    expect(state.body.forwarding.verifiedAt).not.toBeNull();
  });

  it('fails when the cell forwards somewhere else, keeping the earlier verification', async () => {
    await forward(cell, '+13125550171');
    const response = await verify('agent1', { cellNumber: cell });
    expect(response.body.verified).toBe(false);
    expect(response.body.forwarding.failure).toContain(`forwards its calls to +13125550171, not to`);
    expect(response.body.forwarding.verifiedCell).toBe(cell);
    await forward(cell, null);
  });

  it('ticks the walkthrough from what the account did, and keeps it in the account settings', async () => {
    const walk = await as.agent1.get<WalkthroughBody>('/api/v2/walkthrough');
    expect(walk.status, walk.text).toBe(200);
    expect(walk.body.completed).toEqual(
      expect.arrayContaining(['SETUP_AGENT', 'ADD_NUMBER', 'FORWARD_CALLS']),
    );
    const [row] = await kit.db.select().from(accounts).where(eq(accounts.id, kit.ids.agent1));
    expect(row?.settings.walkthrough).toEqual({ version: 1, completed: walk.body.completed });
    // The organization's walkthrough counts what any of its agents did.
    const organization = await as.acme.get<WalkthroughBody>('/api/v2/walkthrough');
    expect(organization.body.completed).toEqual(expect.arrayContaining(['ADD_NUMBER', 'FORWARD_CALLS']));
    const other = await as.agent2.get<WalkthroughBody>('/api/v2/walkthrough');
    expect(other.body.completed).not.toContain('ADD_NUMBER');
    expect(other.body.completed).not.toContain('FORWARD_CALLS');
    expect(other.body.next).not.toBeNull();
  });

  it('refuses bad input with a 400 naming the field, and an agent without a number with a 409', async () => {
    const malformed = await verify('agent1', { cellNumber: '312-555-0170' });
    expect(malformed.status).toBe(400);
    expect(messageOf(malformed.text)).toContain('body.cellNumber');
    const own = await verify('agent1', { cellNumber: agentNumber });
    expect(own.status).toBe(400);
    expect(messageOf(own.text)).toContain("is the agent's own number");
    const noCell = await verify('agent1', {});
    expect(noCell.status).toBe(400);
    expect(messageOf(noCell.text)).toContain('body.cellNumber: is required');
    const noNumber = await verify('agent2', { cellNumber: cell });
    expect(noNumber.status).toBe(409);
    expect(messageOf(noNumber.text)).toContain('has no phone number yet');
    const orgAccount = await verify('acme', { cellNumber: cell });
    expect(orgAccount.status).toBe(403);
  });

  it('refuses a sibling tenant on every route, changing nothing', async () => {
    const before = await kit.db.select().from(forwardingChecks);
    expect((await verify('globex', { cellNumber: cell }, kit.ids.agent1)).status).toBe(403);
    const query = { targetAccountId: kit.ids.agent1 };
    expect((await as.globex.post('/api/v1/validateVerifiedNumber', {}, query)).status).toBe(403);
    expect((await as.globex.get('/api/v2/walkthrough', query)).status).toBe(403);
    expect(await kit.db.select().from(forwardingChecks)).toEqual(before);
    const forAgent = await verify('acme', { cellNumber: cell }, kit.ids.agent1);
    expect(forAgent.status, forAgent.text).toBe(200);
  });
});

describe('call forwarding at Twilio', () => {
  const accountSid = 'AC0123456789abcdef0123456789abcdef';
  const authToken = 'twilio-test-auth-token';
  const platformNumber = '+14155550142';
  const agentNumber = '+14155550101';
  const cell = '+13125550172';
  let t: DemoApp;
  let fake: FakeTwilioServer;
  let base: string;
  let agent1: SignedInClient;

  beforeAll(async () => {
    fake = await startFakeTwilioServer({ accountSid, authToken });
    // The platform's own number, bought at the carrier like any other.
    const sdk = twilio(accountSid, authToken);
    sdk.api.baseUrl = fake.apiUrl;
    await sdk.incomingPhoneNumbers.create({ phoneNumber: platformNumber });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startApp({
      env: {
        TELEPHONY_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_API_URL: fake.apiUrl,
        TELEPHONY_PLATFORM_NUMBER: platformNumber,
        PUBLIC_URL: base,
      },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    agent1 = await t.signIn('agent1');
    const assigned = await agent1.post('/api/v2/phoneNumber/assign', { number: agentNumber, country: 'US' });
    expect(assigned.status, assigned.text).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const voice = (params: Record<string, string>) => fake.sendWebhook(`${base}/api/twilio/voice`, params);
  const start = () => agent1.post<ForwardingBody>('/api/v1/verifyCellForwarding', { cellNumber: cell });
  const listen = () => agent1.post<ForwardingBody>('/api/v1/validateVerifiedNumber', { listen: true });

  it('calls the cell from the platform number and verifies when the call arrives with that caller id', async () => {
    const started = await start();
    expect(started.status, started.text).toBe(200);
    expect(started.body.forwarding.status).toBe('calling');
    const placed = [...fake.calls.values()].find((call) => call.params.To === cell);
    expect(placed?.params).toMatchObject({ From: platformNumber, Url: `${base}/api/twilio/voice` });
    const waiting = listen();
    // The cell's carrier forwards the call: it rings the agent's number showing the platform's number.
    const arrived = await voice({
      CallSid: 'CAforwarded0001',
      AccountSid: accountSid,
      From: platformNumber,
      To: agentNumber,
      Direction: 'inbound',
      CallStatus: 'ringing',
    });
    expect(arrived.status).toBe(200);
    expect(arrived.body).toContain('<Hangup/>');
    const settled = await waiting;
    expect(settled.body.verified).toBe(true);
    expect(settled.body.forwarding).toMatchObject({ status: 'verified', verifiedCell: cell });
    // Twilio then reports the placed call answered (by the forwarded leg): the verification stands.
    await voice({
      CallSid: placed!.sid,
      AccountSid: accountSid,
      From: platformNumber,
      To: cell,
      Direction: 'outbound-api',
      CallStatus: 'in-progress',
    });
    expect((await listen()).body.verified).toBe(true);
  });

  it('fails when the cell answers the test call itself, and a replayed webhook changes nothing', async () => {
    await start();
    const placed = [...fake.calls.values()].filter((call) => call.params.To === cell).at(-1)!;
    const answered = {
      CallSid: placed.sid,
      AccountSid: accountSid,
      From: platformNumber,
      To: cell,
      Direction: 'outbound-api',
      CallStatus: 'in-progress',
    };
    expect((await voice(answered)).body).toContain('<Hangup/>');
    const state = await listen();
    expect(state.body.verified).toBe(false);
    expect(state.body.forwarding.failure).toContain(`${cell} answered the test call itself`);
    expect(state.body.forwarding.verifiedCell).toBe(cell);
    const checks = await t.db.select().from(forwardingChecks);
    await voice(answered);
    expect(await t.db.select().from(forwardingChecks)).toEqual(checks);
  });

  it('fails a check whose call never arrived once its time is up', async () => {
    await start();
    await t.db
      .update(forwardingChecks)
      .set({ deadline: new Date(Date.now() - 1) })
      .where(eq(forwardingChecks.status, 'calling'));
    const state = await listen();
    expect(state.body.forwarding.status).toBe('failed');
    expect(state.body.forwarding.failure).toContain('did not arrive at +14155550101 within 60 seconds');
  });
});

describe('call forwarding in production', () => {
  let t: DemoApp;
  beforeAll(async () => {
    t = await startApp({
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.test:25',
        PUBLIC_URL: 'https://switchboard.example.test',
        SECRETS_KEY: 'a-production-secret-key-of-some-length',
      },
    });
  });
  afterAll(() => t.close());

  it('has no sandbox forwarding, and without a carrier the test call and the code say what to configure', async () => {
    const door = await t.client().post('/api/sandbox/callForwarding', {
      cellNumber: '+13125550170',
      forwardTo: '+15550100001',
    });
    expect(door.status).toBe(404);
    const [user] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('agent1')));
    const oneTime = await mintOneTimeToken({ db: t.db }, user!.id);
    const exchanged = await t.client().get<{ token: string }>(`/api/v1/oneTimeAuth?oneTimeToken=${oneTime}`);
    const agent1 = t.client(exchanged.body.token);
    const verify = await agent1.post('/api/v1/verifyCellForwarding', { cellNumber: '+13125550170' });
    expect(verify.status, verify.text).toBe(503);
    expect(messageOf(verify.text)).toContain('No phone carrier is set up on this server');
    const code = await agent1.post('/api/v2/phoneNumber/byo/assign', { number: '+13125550170' });
    expect(code.status, code.text).toBe(503);
    expect(messageOf(code.text)).toContain('No phone carrier is set up on this server');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, t.ids.agent1));
    expect(row?.vidaPhoneNumber).toBe('+15550100001');
  });
});

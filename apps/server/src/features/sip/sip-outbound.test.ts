import { randomUUID } from 'node:crypto';
import type { TaskView } from '@switchboard/contract';
import { accounts, conversationLogs, eq, phoneCalls, sipCalls } from '@switchboard/db';
import {
  speechWav,
  startApp,
  startFakeSipCallee,
  type CalleeBehaviour,
  type DemoApp,
  type FakeSipCallee,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulawEncode } from '../../media/g711';
import { effectsFor } from '../../jobs/effects.repo';
import { dialerDeps } from '../tasks/dialer.jobs';
import { placeTaskJob, type DialerDeps } from '../tasks/dialer.service';
import { settleEndedCalls } from '../tasks/task-outcomes';
import { findTaskRow } from '../tasks/tasks.repo';

// Task calls placed by SIP for accounts with an outbound route or a registration, to packages/testing's fake
// SIP callee on loopback (its own SIP and RTP code): answered over a route with the task's greeting spoken,
// through a registration's proxy after a digest challenge, busy and no-answer reaching the task, CANCEL when it
// rings too long, and a sibling tenant's route never used.
let t: DemoApp;
let acme: SignedInClient;
let agent2: SignedInClient;
let globex: SignedInClient;
let callee: FakeSipCallee;
let pbx: FakeSipCallee;
let sibling: FakeSipCallee;
let deps: DialerDeps;

/** The callee's behaviour by the number called: its last four digits say. */
const behaviour = (user: string): CalleeBehaviour => {
  if (user.endsWith('0486')) return { kind: 'refuse', status: 486, reason: 'Busy Here' };
  if (user.endsWith('0480')) return { kind: 'refuse', status: 480, reason: 'Temporarily Unavailable' };
  if (user.endsWith('0404')) return { kind: 'refuse', status: 404, reason: 'Not Found' };
  if (user.endsWith('0999')) return { kind: 'ring' };
  return { kind: 'answer', ringMs: 200 };
};

beforeAll(async () => {
  t = await startApp({ env: { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_TCP: 'off' } });
  if (!t.app.sipEndpoint) throw new Error('the SIP endpoint did not start');
  ({ acme, agent2, globex } = await t.signInEach('acme', 'agent2', 'globex'));
  const numbers = { agent1: '+15550100301', agent2: '+15550100302', agent3: '+15550100303' };
  for (const [username, number] of Object.entries(numbers)) {
    await t.db.update(accounts).set({ vidaPhoneNumber: number }).where(eq(accounts.username, username));
  }
  const hello = await speechWav('Hello, who is calling?', { sampleRate: 8000, trailingSilenceMs: 500 });
  callee = await startFakeSipCallee({ behaviour, audio: mulawEncode(hello.samples) });
  pbx = await startFakeSipCallee({ digest: { realm: 'pbx.acme.test', users: { 'auth-2002': 'pw-2002' } } });
  sibling = await startFakeSipCallee();
  deps = { ...dialerDeps(t.services), now: () => new Date(), ringSeconds: 30 };
}, 60_000);
afterAll(async () => {
  await t.close();
  for (const fake of [callee, pbx, sibling]) await fake.close();
});

let targets = 0;
const target = (last4: string) => `+14153${String((targets += 1)).padStart(2, '0')}${last4}`;

async function placeTask(
  accountId: number,
  to: string,
  extra: Record<string, unknown> = {},
  ringSeconds = 30,
) {
  const created = await acme.post<{ task: TaskView }>('/api/v2/tasks', {
    type: 'call',
    target: to,
    accountId,
    ...extra,
  });
  expect(created.status, created.text).toBe(200);
  const id = created.body.task.id;
  const jobId = randomUUID();
  const placed = await placeTaskJob({ ...deps, ringSeconds }, id, {
    effects: effectsFor(t.db, jobId, `${jobId}:1`),
  });
  expect(placed).toBe('placed');
  const callId = (await findTaskRow(t.db, id))?.callId ?? '';
  return { id, callId };
}

const callRow = async (callId: string) =>
  (await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId)))[0];

/** Settles ended calls until the task's try in progress is closed. */
async function settled(id: number) {
  await expect
    .poll(
      async () => {
        await settleEndedCalls({ db: t.db, now: () => new Date() });
        return (await findTaskRow(t.db, id))?.callId ?? null;
      },
      { timeout: 20_000 },
    )
    .toBeNull();
  const task = await findTaskRow(t.db, id);
  if (!task) throw new Error('the task is gone');
  return task;
}

const calleeCall = (fake: FakeSipCallee, callId: string) => fake.calls.find((call) => call.callId === callId);

/**
 * Waits for the agent's greeting to reach the callee: the conversation runs, so a BYE from here on ends it with
 * its log written (a BYE before it starts leaves no log, and the task waits the log's grace before it settles).
 */
const greeted = (fake: FakeSipCallee, callId: string) =>
  fake.until(
    () =>
      (calleeCall(fake, callId)?.rtp.filter((p) => p.payload.some((byte) => byte !== 0xff)).length ?? 0) > 20,
    'the greeting',
    30_000,
  );

describe('a sibling tenant’s SIP settings', () => {
  it('are never used: an agent of an organization without SIP settings calls by the carrier', async () => {
    const added = await globex.post('/api/v2/sip/outboundRoutes', { route: `127.0.0.1:${sibling.port}` });
    expect(added.status, added.text).toBe(201);
    const { callId } = await placeTask(t.ids.agent1, target('1001'));
    expect((await callRow(callId))?.carrier).toBe('sandbox');
    expect(sibling.calls).toHaveLength(0);
    // Nor is a test call placed by them: the agent has no SIP settings of its own or its organization's.
    const test = await acme.post(
      '/api/v2/sip/testCall',
      { number: '+15551230001' },
      { targetAccountId: t.ids.agent1 },
    );
    expect(test.status).toBe(404);
    expect(test.text).toContain(
      'Neither the agent nor its organization has an outbound route or a registration',
    );
    expect(sibling.calls).toHaveLength(0);
  });
});

describe('a task call over an outbound route', { timeout: 90_000 }, () => {
  it('offers G.711 and telephone-event, is answered, greets with the task greeting, and ends on the callee’s BYE', async () => {
    const added = await acme.post('/api/v2/sip/outboundRoutes', {
      route: `127.0.0.1:${callee.port};transport=udp`,
    });
    expect(added.status, added.text).toBe(201);
    const to = target('1002');
    const greeting = 'Hello, this is Acme Dental calling about your cleaning.';
    const { id, callId } = await placeTask(t.ids.agent1, to, { greeting, waitToGreet: false });
    expect((await callRow(callId))?.carrier).toBe('sip');
    await callee.until(
      () => calleeCall(callee, callId)?.requests.some((r) => r.method === 'ACK') ?? false,
      'the ACK',
    );
    const call = calleeCall(callee, callId);
    const invite = call?.requests[0];
    expect(invite?.uri).toBe(`sip:${to}@127.0.0.1:${callee.port}`);
    expect(invite?.raw).toMatch(/m=audio \d+ RTP\/AVP 0 8 101\r\n/);
    expect(invite?.raw).toMatch(/a=rtpmap:101 telephone-event\/8000/);
    expect(invite?.raw).toMatch(/From:\s+<sip:\+15550100301@127\.0\.0\.1>;tag=/);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('in-progress');
    // The agent's greeting reaches the callee as μ-law speech.
    await callee.until(
      () => (call?.rtp.filter((p) => p.payload.some((byte) => byte !== 0xff)).length ?? 0) > 50,
      'the greeting',
      30_000,
    );
    call?.bye();
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('completed');
    const done = await settled(id);
    expect(done).toMatchObject({ state: 'finished', outcome: 'completed' });
    const [log] = await t.db.select().from(conversationLogs).where(eq(conversationLogs.callId, callId));
    expect(log).toMatchObject({ direction: 'outbound', toNumber: to });
    const first = (log?.transcript ?? []).find((entry) => entry.role === 'agent' && entry.text.trim() !== '');
    expect(first?.text).toBe(greeting);
    expect(done.attempts.at(-1)).toMatchObject({ callId, conversationId: log?.roomId });
  });

  it.each([
    ['0486', 'busy', 'The line was busy'],
    ['0480', 'no-answer', 'Nobody answered'],
    ['0404', 'failed', 'The SIP call failed: 404 Not Found (not in service)'],
  ])('records a %s refusal as %s on the task’s try', async (last4, result, detail) => {
    const { id, callId } = await placeTask(t.ids.agent1, target(last4));
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe(result);
    const done = await settled(id);
    expect(done.attempts.at(-1)).toMatchObject({ callId, result, detail });
  });

  it('CANCELs a call that rings past the ring time, and the try ends no-answer', async () => {
    const { id, callId } = await placeTask(t.ids.agent1, target('0999'), {}, 1);
    await callee.until(() => calleeCall(callee, callId)?.finalStatus === 487, 'the CANCEL', 10_000);
    const call = calleeCall(callee, callId);
    const cancel = call?.requests.find((r) => r.method === 'CANCEL');
    expect(cancel?.headers.get('cseq')?.[0]).toBe(
      call?.requests[0]?.headers.get('cseq')?.[0]?.replace('INVITE', 'CANCEL'),
    );
    expect(cancel?.headers.get('via')?.[0]).toBe(call?.requests[0]?.headers.get('via')?.[0]);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('no-answer');
    const done = await settled(id);
    expect(done.attempts.at(-1)).toMatchObject({ result: 'no-answer' });
    const [record] = await t.db.select().from(sipCalls).where(eq(sipCalls.sipCallId, callId));
    expect(record).toMatchObject({ status: 'no-answer', endReason: 'nobody answered in time' });
  });
});

describe('a SIP test call', { timeout: 60_000 }, () => {
  it('calls the number from the acting agent over its organization’s route, answered and ended by BYE', async () => {
    const number = '+15551230002';
    const placed = await acme.post<{ callId: string; via: string }>(
      '/api/v2/sip/testCall',
      { number },
      { targetAccountId: t.ids.agent1 },
    );
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.via).toBe(`route 127.0.0.1:${callee.port};transport=udp`);
    const { callId } = placed.body;
    await callee.until(
      () => calleeCall(callee, callId)?.requests.some((r) => r.method === 'ACK') ?? false,
      'the ACK',
    );
    expect(calleeCall(callee, callId)?.requests[0]?.uri).toBe(`sip:${number}@127.0.0.1:${callee.port}`);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('in-progress');
    // The agent's transfer on the placed call: a REFER naming the number at the route.
    expect(t.app.sipEndpoint?.transfer(callId, '+15551239999')).toBe(true);
    const refer = () => calleeCall(callee, callId)?.requests.find((r) => r.method === 'REFER');
    await callee.until(() => refer() !== undefined, 'the REFER');
    expect(refer()?.headers.get('refer-to')?.[0]).toBe(`<sip:+15551239999@127.0.0.1:${callee.port}>`);
    // The callee's new offers: a hold answered recvonly, one without the call's codec refused with 488.
    const theCall = calleeCall(callee, callId);
    const finalAfter = async (before: number) => {
      const found = () => theCall?.responses.slice(before).find((r) => r.status >= 200);
      await callee.until(() => found() !== undefined, 'the answer to a new offer');
      return found();
    };
    let before = theCall?.responses.length ?? 0;
    theCall?.reinvite('sendonly');
    const held = await finalAfter(before);
    expect(held?.status).toBe(200);
    expect(held?.body).toMatch(/m=audio \d+ RTP\/AVP 0\b[\s\S]*a=recvonly/);
    before = theCall?.responses.length ?? 0;
    theCall?.reinvite('sendrecv', [18]);
    expect((await finalAfter(before))?.status).toBe(488);
    calleeCall(callee, callId)?.bye();
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('completed');
  });

  it('is refused with the reason for an account that is not an agent, a bad number, or a sibling’s agent', async () => {
    const notAgent = await acme.post('/api/v2/sip/testCall', { number: '+15551230003' });
    expect(notAgent.status).toBe(400);
    expect(notAgent.text).toContain('A test call is placed from an agent account');
    const bad = await acme.post(
      '/api/v2/sip/testCall',
      { number: '555-1234' },
      { targetAccountId: t.ids.agent1 },
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('must be an E.164 number');
    const foreign = await globex.post(
      '/api/v2/sip/testCall',
      { number: '+15551230004' },
      { targetAccountId: t.ids.agent1 },
    );
    expect(foreign.status).toBe(403);
    // The sibling's own agent calls by the sibling's route, never by acme's.
    const theirs = await globex.post<{ callId: string }>(
      '/api/v2/sip/testCall',
      { number: '+15551230005' },
      { targetAccountId: t.ids.agent3 },
    );
    expect(theirs.status, theirs.text).toBe(201);
    await sibling.until(() => calleeCall(sibling, theirs.body.callId) !== undefined, 'the sibling’s INVITE');
    expect(calleeCall(callee, theirs.body.callId)).toBeUndefined();
  });
});

describe('a task call through a registration', { timeout: 60_000 }, () => {
  it('goes to the registration’s proxy as its AOR and answers the digest challenge once', async () => {
    const made = await agent2.post('/api/v2/sip/registration', {
      aor: 'sip:2002@pbx.acme.test',
      username: '2002',
      authUsername: 'auth-2002',
      password: 'pw-2002',
      sipRealm: 'pbx.acme.test',
      proxy: '127.0.0.1',
      port: pbx.port,
      transport: 'UDP',
    });
    expect(made.status, made.text).toBe(201);
    const to = target('1003');
    const { id, callId } = await placeTask(t.ids.agent2, to, {
      greeting: 'Hello from Acme.',
      waitToGreet: false,
    });
    await pbx.until(() => calleeCall(pbx, callId)?.finalStatus === 200, 'the answer');
    const [first, second] = calleeCall(pbx, callId)?.requests.filter((r) => r.method === 'INVITE') ?? [];
    expect(first?.headers.get('authorization')).toBeUndefined();
    expect(second?.headers.get('authorization')?.[0]).toMatch(/^Digest .*username="auth-2002"/);
    expect(second?.uri).toBe(`sip:${to}@pbx.acme.test`);
    expect(second?.headers.get('from')?.[0]).toMatch(/^<sip:2002@pbx\.acme\.test>;tag=/);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('in-progress');
    await greeted(pbx, callId);
    calleeCall(pbx, callId)?.bye();
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('completed');
    expect((await settled(id)).attempts.at(-1)).toMatchObject({ callId, result: 'completed' });
    // The organization's route was not used for the agent with settings of its own.
    expect(callee.calls.some((call) => call.callId === callId)).toBe(false);
  });
});

describe('a task call from an agent without a phone number', { timeout: 60_000 }, () => {
  const unnumber = (id: number) =>
    t.db.update(accounts).set({ vidaPhoneNumber: null }).where(eq(accounts.id, id));

  it('goes out by its organization’s route from the agent’s SIP username, connects and ends with its outcome', async () => {
    await unnumber(t.ids.agent1);
    const to = target('1004');
    const { id, callId } = await placeTask(t.ids.agent1, to, {
      greeting: 'Hi, Acme here.',
      waitToGreet: false,
    });
    expect(await callRow(callId)).toMatchObject({ carrier: 'sip', fromNumber: 'agent1', toNumber: to });
    await callee.until(
      () => calleeCall(callee, callId)?.requests.some((r) => r.method === 'ACK') ?? false,
      'the ACK',
    );
    const call = calleeCall(callee, callId);
    expect(call?.requests[0]?.uri).toBe(`sip:${to}@127.0.0.1:${callee.port}`);
    expect(call?.requests[0]?.headers.get('from')?.[0]).toMatch(/^<sip:agent1@127\.0\.0\.1>;tag=/);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('in-progress');
    await greeted(callee, callId);
    call?.bye();
    const done = await settled(id);
    expect(done).toMatchObject({ state: 'finished', outcome: 'completed' });
    expect(done.attempts.at(-1)).toMatchObject({ callId, result: 'completed' });
    const [log] = await t.db.select().from(conversationLogs).where(eq(conversationLogs.callId, callId));
    expect(log).toMatchObject({ direction: 'outbound', toNumber: to });
  });

  it('goes out through its registration as the AOR, with the AOR’s user as the caller id', async () => {
    await unnumber(t.ids.agent2);
    const { id, callId } = await placeTask(t.ids.agent2, target('1005'), {
      greeting: 'Hello from Acme.',
      waitToGreet: false,
    });
    expect((await callRow(callId))?.fromNumber).toBe('2002');
    await pbx.until(() => calleeCall(pbx, callId)?.finalStatus === 200, 'the answer');
    const invite = calleeCall(pbx, callId)
      ?.requests.filter((r) => r.method === 'INVITE')
      .at(-1);
    expect(invite?.headers.get('from')?.[0]).toMatch(/^<sip:2002@pbx\.acme\.test>;tag=/);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 5_000 }).toBe('in-progress');
    await greeted(pbx, callId);
    calleeCall(pbx, callId)?.bye();
    expect((await settled(id)).attempts.at(-1)).toMatchObject({ callId, result: 'completed' });
  });

  it('is skipped as no-number without SIP settings, and a text task always needs a number', async () => {
    // Globex takes its route back: its agent, without a number, has no way to call out.
    const removed = await globex.delete('/api/v2/sip/outboundRoutes', { route: `127.0.0.1:${sibling.port}` });
    expect(removed.status, removed.text).toBe(200);
    await unnumber(t.ids.agent3);
    const siblingCalls = sibling.calls.length;
    const run = async (client: SignedInClient, accountId: number, type: 'call' | 'text') => {
      const created = await client.post<{ task: TaskView }>('/api/v2/tasks', {
        type,
        target: target('1006'),
        accountId,
        ...(type === 'text' ? { message: 'Your cleaning is on Friday.' } : {}),
      });
      expect(created.status, created.text).toBe(200);
      const jobId = randomUUID();
      const result = await placeTaskJob(deps, created.body.task.id, {
        effects: effectsFor(t.db, jobId, `${jobId}:1`),
      });
      return { result, task: await findTaskRow(t.db, created.body.task.id) };
    };
    const call = await run(globex, t.ids.agent3, 'call');
    expect(call.result).toBe('skipped');
    expect(call.task).toMatchObject({
      state: 'errored',
      outcome: 'no-number',
      errorReason:
        'The agent account has no phone number to call from, and neither it nor its organization has a SIP outbound route or registration',
      callId: null,
    });
    expect(sibling.calls).toHaveLength(siblingCalls);
    // Acme's agent has a route to call by, but a text goes from a number only.
    const text = await run(acme, t.ids.agent1, 'text');
    expect(text.result).toBe('skipped');
    expect(text.task).toMatchObject({
      outcome: 'no-number',
      errorReason: 'The agent account has no phone number to text from',
    });
  });
});

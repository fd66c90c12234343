import { accounts, eq, phoneCalls, sipCalls } from '@switchboard/db';
import {
  startApp,
  startFakeSipCallee,
  type CalleeBehaviour,
  type CalleeCall,
  type DemoApp,
  type FakeSipCallee,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// RFC 4028 session timers on calls we place, against packages/testing's fake SIP callee on loopback: our INVITE
// offers them, a callee that names us the refresher gets our UPDATEs before the session runs out, and one that
// claims the refreshing and never does has the call ended with our BYE. The callee asks for 4 s sessions
// (SIP_SESSION_MIN_SECONDS is 2 here); sip-outbound-session.test.ts runs the same on a fake clock with 90 s.
let t: DemoApp;
let acme: SignedInClient;
let callee: FakeSipCallee;

const behaviour = (user: string): CalleeBehaviour => {
  if (user.endsWith('0090'))
    return { kind: 'answer', headers: ['Session-Expires: 4;refresher=uac', 'Require: timer'] };
  if (user.endsWith('0091')) return { kind: 'answer', headers: ['Session-Expires: 4;refresher=uas'] };
  return { kind: 'answer' };
};

beforeAll(async () => {
  t = await startApp({
    env: { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_TCP: 'off', SIP_SESSION_MIN_SECONDS: '2' },
  });
  if (!t.app.sipEndpoint) throw new Error('the SIP endpoint did not start');
  ({ acme } = await t.signInEach('acme'));
  await t.db.update(accounts).set({ vidaPhoneNumber: '+15550100401' }).where(eq(accounts.id, t.ids.agent1));
  callee = await startFakeSipCallee({ behaviour });
  const added = await acme.post('/api/v2/sip/outboundRoutes', { route: `127.0.0.1:${callee.port}` });
  expect(added.status, added.text).toBe(201);
}, 60_000);
afterAll(async () => {
  await t.close();
  await callee.close();
});

/** A test call from agent1 over acme's route, answered and ACKed by the callee. */
async function answeredCall(number: string) {
  const placed = await acme.post<{ callId: string }>(
    '/api/v2/sip/testCall',
    { number },
    { targetAccountId: t.ids.agent1 },
  );
  expect(placed.status, placed.text).toBe(201);
  const { callId } = placed.body;
  const call = () => callee.calls.find((one) => one.callId === callId);
  await callee.until(() => call()?.requests.some((r) => r.method === 'ACK') ?? false, 'the ACK');
  const found = call();
  if (!found) throw new Error('the callee has no such call');
  return found;
}

const ours = (call: CalleeCall, method: string) =>
  call.requests.filter((request) => request.method === method);
const record = async (callId: string) =>
  (await t.db.select().from(sipCalls).where(eq(sipCalls.sipCallId, callId)))[0];

describe('session timers on a placed SIP call (RFC 4028)', { timeout: 60_000 }, () => {
  it('offers Session-Expires, Min-SE and Supported: timer, and refreshes by UPDATE when named the refresher', async () => {
    const call = await answeredCall('+15551230090');
    const invite = call.requests[0];
    expect(invite?.headers.get('session-expires')?.[0]).toBe('1800');
    expect(invite?.headers.get('min-se')?.[0]).toBe('2');
    expect(invite?.headers.get('supported')?.[0]).toBe('timer');
    // Each 4 s session would be ended by us 2.7 s in without a refresh: three refreshes and no BYE keep it up.
    await callee.until(() => ours(call, 'UPDATE').length >= 3, 'three refreshes', 20_000);
    for (const update of ours(call, 'UPDATE')) {
      expect(update.headers.get('session-expires')?.[0]).toBe('4;refresher=uac');
      expect(update.headers.get('supported')?.[0]).toBe('timer');
    }
    expect(ours(call, 'BYE')).toHaveLength(0);
    expect((await record(call.callId))?.status).toBe('answered');
    call.bye();
    await expect
      .poll(async () => (await record(call.callId))?.endReason, { timeout: 5_000 })
      .toBe('callee-bye');
  });

  it('ends the call with a BYE when the callee, its refresher, never refreshes', async () => {
    const call = await answeredCall('+15551230091');
    await callee.until(() => ours(call, 'BYE').length > 0, 'our BYE', 20_000);
    expect(ours(call, 'UPDATE')).toHaveLength(0);
    await expect
      .poll(async () => (await record(call.callId))?.endReason, { timeout: 5_000 })
      .toBe('session-expired');
    expect((await record(call.callId))?.status).toBe('ended');
    await expect
      .poll(
        async () =>
          (await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, call.callId)))[0]?.status,
        { timeout: 5_000 },
      )
      .toBe('completed');
  });
});

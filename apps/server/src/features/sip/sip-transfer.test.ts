import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sipCalls } from '@switchboard/db';
import {
  hasFlite,
  startApp,
  startFakeSipPhone,
  type DemoApp,
  type FakeSipCall,
  type FakeSipPhone,
} from '@switchboard/testing';
import { referTarget } from './sip-dialog';

// Transfers of answered SIP calls with REFER (RFC 3515) to packages/testing's fake SIP phone: the new leg's
// progress in NOTIFY sipfrags, our BYE once it answered, and a refused REFER or a failed new leg kept as the
// call's end reason. The answered call runs the demo agent on the offline speech stack.
const installed = existsSync('/usr/bin/pocketsphinx_continuous') && hasFlite();
let t: DemoApp;
let phone: FakeSipPhone;
let server: { host: string; port: number };

beforeAll(async () => {
  t = await startApp({ env: { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_TCP: 'off' } });
  const port = t.app.sipEndpoint?.port;
  if (!port) throw new Error('the SIP endpoint did not start');
  server = { host: '127.0.0.1', port };
  phone = await startFakeSipPhone();
  const acme = await t.signIn('acme');
  const allowed = await acme.post('/api/v2/sip/ipWhitelist', { ip: '127.0.0.1', label: 'Loopback phone' });
  expect(allowed.status, allowed.text).toBe(201);
}, 60_000);
afterAll(async () => {
  await phone.close();
  await t.close();
});

const record = async (call: FakeSipCall) =>
  (await t.db.select().from(sipCalls).where(eq(sipCalls.sipCallId, call.callId)))[0];

async function answeredCall(refer: Parameters<FakeSipPhone['call']>[0]['refer']): Promise<FakeSipCall> {
  const call = phone.call({ server, to: 'agent1', from: '+15557770441', refer });
  expect((await call.response('INVITE')).status).toBe(200);
  call.ack();
  return call;
}

/** Frames of speech (not the μ-law silence byte throughout) the caller has received. */
const speechFrames = (call: FakeSipCall) =>
  call.rtp.filter((packet) => packet.payloadType === 0 && packet.payload.some((byte) => byte !== 0xff))
    .length;

/** Waits until the greeting has come and then stopped for a second; answers its frame count. */
async function greetingFrames(call: FakeSipCall): Promise<number> {
  let count = -1;
  let since = performance.now();
  await call.until(
    () => {
      const now = speechFrames(call);
      if (now !== count) {
        count = now;
        since = performance.now();
      }
      return count > 0 && performance.now() - since > 1_000;
    },
    'the greeting to end',
    45_000,
  );
  return count;
}

describe('REFER targets', () => {
  it('are a SIP URI as given, else the number or extension at the peer that sent the call', () => {
    expect(referTarget('+15551234567', '203.0.113.5')).toBe('sip:+15551234567@203.0.113.5');
    expect(referTarget('+15125551234,,,,12', '203.0.113.5')).toBe('sip:+15125551234@203.0.113.5');
    expect(referTarget('ext:204', '2001:db8::1')).toBe('sip:204@[2001:db8::1]');
    expect(referTarget('sip:desk@pbx.example.com', '203.0.113.5')).toBe('sip:desk@pbx.example.com');
  });
});

describe.skipIf(!installed)('transferring an answered SIP call', { timeout: 60_000 }, () => {
  it('sends REFER with Refer-To, follows the NOTIFYs, and hangs up once the new leg answered', async () => {
    const call = await answeredCall({ answer: 'accept', newLegStatus: 200 });
    expect(t.app.sipEndpoint?.transfer(call.callId, '+15551234567')).toBe(true);
    const refer = await call.waitForRequest('REFER');
    expect(refer.headers.get('refer-to')?.[0]).toBe('<sip:+15551234567@127.0.0.1>');
    expect(refer.headers.get('referred-by')?.[0]).toContain('sip:agent1@');
    await call.waitForRequest('BYE');
    // The NOTIFYs were answered 200 in their own transactions.
    expect((await call.response('NOTIFY')).status).toBe(200);
    await expect.poll(async () => (await record(call))?.endReason).toBe('transferred');
  });

  it('tells the caller and ends the call with the reason when the new leg fails or the REFER is refused', async () => {
    const busy = await answeredCall({ answer: 'accept', newLegStatus: 486 });
    const greeting = await greetingFrames(busy);
    t.app.sipEndpoint?.transfer(busy.callId, '+15551234567');
    // The caller hears the apology: speech frames after the greeting had ended, then the BYE.
    await busy.waitForRequest('BYE', 30_000);
    expect(speechFrames(busy)).toBeGreaterThan(greeting + 50);
    await expect
      .poll(async () => (await record(busy))?.endReason)
      .toBe('transfer-failed: the new leg answered 486 Busy Here');

    const refused = await answeredCall({ answer: 'refuse' });
    t.app.sipEndpoint?.transfer(refused.callId, 'ext:204');
    await refused.waitForRequest('BYE', 30_000);
    await expect
      .poll(async () => (await record(refused))?.endReason)
      .toBe('transfer-failed: REFER answered 403 Forbidden');
    expect(t.app.sipEndpoint?.transfer('no-such-call', '+15551234567')).toBe(false);
  });
});

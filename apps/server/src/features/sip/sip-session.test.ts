import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sipCalls } from '@switchboard/db';
import {
  startApp,
  startFakeSipPhone,
  type DemoApp,
  type FakeSipCall,
  type FakeSipPhone,
} from '@switchboard/testing';

// Within an answered SIP call, from packages/testing's fake SIP phone: re-INVITEs that hold, resume and move the
// caller's media, one refused (488) for dropping the call's codec, UPDATE (RFC 3311), and RFC 4028 session
// timers: 422 below the minimum (SIP_SESSION_MIN_SECONDS, 2 here), refreshes, and our BYE when none comes.
const caller = '+15557770601';
let t: DemoApp;
let phone: FakeSipPhone;
let server: { host: string; port: number };

beforeAll(async () => {
  t = await startApp({
    env: { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_TCP: 'off', SIP_SESSION_MIN_SECONDS: '2' },
  });
  const port = t.app.sipEndpoint?.port;
  if (!port) throw new Error('the SIP endpoint did not start');
  server = { host: '127.0.0.1', port };
  phone = await startFakeSipPhone();
  const acme = await t.signIn('acme');
  const allowed = await acme.post('/api/v2/sip/ipWhitelist', { ip: '127.0.0.0/8', label: 'Loopback PBX' });
  expect(allowed.status, allowed.text).toBe(201);
}, 60_000);
afterAll(async () => {
  await phone.close();
  await t.close();
});

const record = async (call: FakeSipCall) =>
  (await t.db.select().from(sipCalls).where(eq(sipCalls.sipCallId, call.callId)))[0];

async function answered(options: { headers?: string[]; silent?: boolean } = {}): Promise<FakeSipCall> {
  const call = phone.call({ server, to: 'agent1', from: caller, ...options });
  expect((await call.response('INVITE')).status).toBe(200);
  call.ack();
  return call;
}

/** The final response to the request sent after `before` responses had come. */
async function finalAfter(call: FakeSipCall, before: number, method = 'INVITE') {
  const find = () =>
    call.responses
      .slice(before)
      .find((r) => r.status >= 200 && (r.headers.get('cseq')?.[0] ?? '').endsWith(method));
  await call.until(() => find() !== undefined, `the ${method} answer`);
  const found = find();
  if (!found) throw new Error('no answer');
  return found;
}

describe('a re-INVITE within a SIP call', { timeout: 60_000 }, () => {
  it('holds with sendonly and inactive and resumes with sendrecv, answering the matching direction', async () => {
    const call = await answered();
    const expectations: [string, string][] = [
      ['sendonly', 'recvonly'],
      ['inactive', 'inactive'],
      ['sendrecv', 'sendrecv'],
    ];
    for (const [offered, answer] of expectations) {
      const ok = await finalAfter(call, call.reoffer({ direction: offered }));
      expect(ok.status).toBe(200);
      expect(ok.body).toContain(`a=${answer}`);
      expect(ok.body).toMatch(/m=audio \d+ RTP\/AVP 0\b/);
    }
    call.bye();
    expect((await call.response('BYE')).status).toBe(200);
  });

  it('sends RTP to the new media address a re-INVITE gives', async () => {
    const call = await answered({ silent: true });
    const moved = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => moved.bind(0, '127.0.0.1', resolve));
    const first = new Promise<Buffer>((resolve) => moved.once('message', resolve));
    try {
      const ok = await finalAfter(call, call.reoffer({ rtpPort: moved.address().port }));
      expect(ok.status).toBe(200);
      const packet = await first;
      expect((packet[0] ?? 0) >> 6).toBe(2);
      expect((packet[1] ?? 0) & 0x7f).toBe(0);
    } finally {
      moved.close();
      call.bye();
    }
  });

  it('refuses with 488 an offer that drops the call’s codec, and the call goes on', async () => {
    const call = await answered();
    const refused = await finalAfter(call, call.reoffer({ payloadTypes: [8] }));
    expect(refused.status).toBe(488);
    expect(refused.raw).toMatch(/Warning: 304 switchboard "the offer drops PCMU, the codec of the call"/);
    const ok = await finalAfter(call, call.reoffer({ direction: 'sendrecv' }));
    expect(ok.status).toBe(200);
    expect((await record(call))?.status).toBe('answered');
    call.bye();
    expect((await call.response('BYE')).status).toBe(200);
  });

  it('accepts UPDATE with a new offer', async () => {
    const call = await answered();
    const ok = await finalAfter(call, call.reoffer({ method: 'UPDATE', direction: 'inactive' }), 'UPDATE');
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('a=inactive');
    call.bye();
    expect((await call.response('BYE')).status).toBe(200);
  });
});

describe('session timers (RFC 4028)', { timeout: 60_000 }, () => {
  it('answers 422 with Min-SE to a Session-Expires below the minimum', async () => {
    const call = phone.call({
      server,
      to: 'agent1',
      from: caller,
      headers: ['Session-Expires: 1', 'Supported: timer'],
    });
    const refused = await call.response('INVITE');
    expect(refused.status).toBe(422);
    expect(refused.headers.get('min-se')?.[0]).toBe('2');
  });

  it('refreshes the session itself when the caller cannot, naming itself (the UPDATE’s sender) the refresher', async () => {
    const call = await answered({ headers: ['Session-Expires: 4'] });
    const ok = await call.response('INVITE');
    expect(ok.headers.get('session-expires')?.[0]).toBe('4;refresher=uas');
    const update = await call.waitForRequest('UPDATE', 10_000);
    // In a refresh request, "uac" is the sender: we stay the refresher (RFC 4028 §7.4).
    expect(update.headers.get('session-expires')?.[0]).toBe('4;refresher=uac');
  });

  it('names the caller the refresher, is kept up by refreshes, and ends with our BYE when they stop', async () => {
    const call = await answered({ headers: ['Session-Expires: 4', 'Supported: timer'] });
    const ok = await call.response('INVITE');
    expect(ok.headers.get('session-expires')?.[0]).toBe('4;refresher=uac');
    expect(ok.headers.get('require')?.[0]).toBe('timer');
    // Refreshed every second for four seconds: past the 2.7 s after which an unrefreshed session is ended.
    for (let refresh = 0; refresh < 4; refresh += 1) {
      const before = call.reoffer({}, ['Session-Expires: 4;refresher=uac']);
      const refreshed = await finalAfter(call, before);
      expect(refreshed.headers.get('session-expires')?.[0]).toBe('4;refresher=uac');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(call.requests.some((request) => request.method === 'BYE')).toBe(false);
    // No more refreshes: the session runs out and we end the call.
    await call.waitForRequest('BYE', 10_000);
    await expect
      .poll(async () => (await record(call))?.endReason, { timeout: 5_000 })
      .toBe('session-expired');
  });
});

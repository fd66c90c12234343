import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationLogs, eq, sipCalls } from '@switchboard/db';
import {
  hasFlite,
  speechWav,
  startApp,
  startFakeSipPhone,
  type DemoApp,
  type FakeSipCall,
  type FakeSipPhone,
  type SignedInClient,
} from '@switchboard/testing';
import { mulawDecode, mulawEncode } from '../../media/g711';

// Calls from a SIP phone on loopback (packages/testing's fake, its own SIP and RTP code) to the endpoint: the
// FACTS §8 refusals, a call answered by the demo agent with the offline speech stack (flite, pocketsphinx, the
// Sandbox model), keypad digits, BYE, CANCEL before the answer, and a caller who goes silent without a BYE.
const caller = '+15557770231';
const question = 'Where are you located?';
const installed = existsSync('/usr/bin/pocketsphinx_continuous') && hasFlite();

let t: DemoApp;
let phone: FakeSipPhone;
let acme: SignedInClient;
let server: { host: string; port: number };

beforeAll(async () => {
  t = await startApp({
    env: { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_RTP_TIMEOUT_SECONDS: '2', SIP_TCP: 'off' },
  });
  const port = t.app.sipEndpoint?.port;
  if (!port) throw new Error('the SIP endpoint did not start');
  server = { host: '127.0.0.1', port };
  phone = await startFakeSipPhone();
  acme = await t.signIn('acme');
}, 60_000);
afterAll(async () => {
  await phone.close();
  await t.close();
});

const callRecord = async (call: FakeSipCall) => {
  const [row] = await t.db.select().from(sipCalls).where(eq(sipCalls.sipCallId, call.callId));
  return row;
};

/** Level of each 20 ms frame of 8 kHz PCM, dB below full scale. */
function frameLevels(pcm: Int16Array): number[] {
  const levels: number[] = [];
  for (let offset = 0; offset + 160 <= pcm.length; offset += 160) {
    let sum = 0;
    for (let i = offset; i < offset + 160; i++) sum += (pcm[i] ?? 0) ** 2;
    levels.push(10 * Math.log10(sum / 160 / 32768 ** 2 + 1e-12));
  }
  return levels;
}

/** Sign changes per sample: voiced speech at 8 kHz sits well below a tone's or noise's rate. */
function zeroCrossingRate(pcm: Int16Array): number {
  let crossings = 0;
  for (let i = 1; i < pcm.length; i++) if ((pcm[i - 1] ?? 0) < 0 !== (pcm[i] ?? 0) < 0) crossings++;
  return crossings / pcm.length;
}

/** Frames that are not the codec's silence byte throughout (the endpoint's keep-alives are). */
const speechPackets = (call: FakeSipCall) =>
  call.rtp.filter((packet) => packet.payloadType === 0 && packet.payload.some((byte) => byte !== 0xff));

/** Waits until speech frames have come and then stopped for `quietMs`. */
async function untilTurnEnds(call: FakeSipCall, after: number, quietMs = 1_200, timeoutMs = 45_000) {
  let count = -1;
  let since = performance.now();
  await call.until(
    () => {
      const now = speechPackets(call).length;
      if (now !== count) {
        count = now;
        since = performance.now();
      }
      return count > after && performance.now() - since > quietMs;
    },
    'the agent to finish speaking',
    timeoutMs,
  );
}

describe('SIP calls refused by FACTS §8', () => {
  it('answers 404 for a Request-URI that names no agent', async () => {
    const call = phone.call({ server, to: 'nobody-here', from: caller });
    const refused = await call.response('INVITE');
    expect(refused.status).toBe(404);
    expect(await callRecord(call)).toBeUndefined();
  });

  it('answers 403 when the source address is not on the whitelist, and records why', async () => {
    const call = phone.call({ server, to: 'agent1', from: caller });
    const refused = await call.response('INVITE');
    expect(refused.status).toBe(403);
    expect(refused.raw).toMatch(
      /Warning: 399 switchboard "127\.0\.0\.1 is not on the account's SIP whitelist"/,
    );
    expect(await callRecord(call)).toMatchObject({
      accountId: t.ids.agent1,
      status: 'refused',
      endReason: "403 127.0.0.1 is not on the account's SIP whitelist",
    });
    // The organization reads the exchange in its captures: the INVITE in, 100 and 403 out, the ACK in.
    await t.app.sipEndpoint?.flushCaptures();
    const captures = await acme.get<{
      messages: { summary: string; direction: string }[];
      calls: { sipCallId: string; status: string; endReason: string | null; endedAt: number | null }[];
    }>('/api/v2/sip/captures', {
      query: { sipCallId: call.callId },
    });
    expect(captures.status, captures.text).toBe(200);
    expect(captures.body.messages.map((m) => `${m.direction} ${m.summary}`).slice(0, 3)).toEqual([
      'in INVITE',
      'out 100 Trying',
      'out 403 Forbidden',
    ]);
    // With the call's record: refused, and why.
    expect(captures.body.calls).toEqual([
      {
        sipCallId: call.callId,
        status: 'refused',
        endReason: "403 127.0.0.1 is not on the account's SIP whitelist",
        endedAt: expect.any(Number) as number,
      },
    ]);
    const text = await acme.get('/api/v2/sip/captures', {
      query: { sipCallId: call.callId, format: 'text' },
    });
    expect(text.headers['content-type']).toContain('text/plain');
    expect(text.text).toContain(`INVITE sip:agent1@127.0.0.1:${server.port} SIP/2.0`);
    // Another tenant sees none of it.
    const globex = await t.signIn('globex');
    expect((await globex.get('/api/v2/sip/captures', { query: { sipCallId: call.callId } })).status).toBe(
      404,
    );
  });

  it('answers 404 when the From is not an E.164 number', async () => {
    const added = await acme.post('/api/v2/sip/ipWhitelist', { ip: '127.0.0.0/8', label: 'Loopback PBX' });
    expect(added.status).toBe(201);
    const call = phone.call({ server, to: 'agent1', from: 'reception' });
    expect((await call.response('INVITE')).status).toBe(404);
    expect((await callRecord(call))?.endReason).toBe('404 the From "reception" is not an E.164 number');
  });

  it('keeps serving after garbage and oversized datagrams', async () => {
    phone.sendRaw(server, 'not sip at all\r\n\r\n');
    phone.sendRaw(server, Buffer.alloc(4000, 0x41));
    phone.sendRaw(server, `INVITE sip:agent1@127.0.0.1 SIP/2.0\r\nVia: nonsense\r\nCSeq: x\r\n\r\n`);
    const call = phone.call({ server, to: 'agent1', from: caller, payloadTypes: [18] });
    // An offer without G.711 is refused as not acceptable.
    expect((await call.response('INVITE')).status).toBe(488);
  });
});

describe('a SIP call before its answer', () => {
  it('is ended by CANCEL: 200 to the CANCEL, 487 to the INVITE', async () => {
    const call = phone.call({ server, to: 'agent1', from: caller });
    await call.response('INVITE', (status) => status === 180);
    call.cancel();
    expect((await call.response('CANCEL')).status).toBe(200);
    expect((await call.response('INVITE')).status).toBe(487);
    await expect.poll(async () => (await callRecord(call))?.status).toBe('canceled');
  });
});

describe.skipIf(!installed)('an answered SIP call', { timeout: 120_000 }, () => {
  it('greets in μ-law speech, answers the caller, takes keypad digits, and ends on the caller’s BYE', async () => {
    const call = phone.call({ server, to: 'agent1', from: caller });
    await call.response('INVITE', (status) => status === 100);
    const ok = await call.response('INVITE');
    expect(ok.status).toBe(200);
    expect(call.answeredPayloadTypes()).toEqual([0, 101]);
    expect(ok.body).toMatch(/a=rtpmap:101 telephone-event\/8000/);
    call.ack();

    // The greeting comes back as 20 ms PCMU frames from one SSRC, sequence numbers in order.
    await untilTurnEnds(call, 50);
    const greeting = speechPackets(call);
    expect(greeting.every((packet) => packet.payload.length === 160)).toBe(true);
    expect(new Set(greeting.map((packet) => packet.ssrc)).size).toBe(1);
    const greetingAudio = mulawDecode(
      new Uint8Array(Buffer.concat(greeting.map((packet) => packet.payload))),
    );
    const levels = frameLevels(greetingAudio);
    expect(levels.filter((level) => level > -35).length / levels.length).toBeGreaterThan(0.4);
    const zcr = zeroCrossingRate(greetingAudio);
    expect(zcr).toBeGreaterThan(0.02);
    expect(zcr).toBeLessThan(0.35);
    // Paced: the frames arrived over about as long as they play, not in a burst.
    const greetingSeconds = greeting.length * 0.02;
    expect(greetingSeconds).toBeGreaterThan(1);

    // The caller asks; the agent's answer comes back as speech.
    const recording = await speechWav(question, {
      sampleRate: 8000,
      leadingSilenceMs: 300,
      trailingSilenceMs: 1_500,
    });
    const before = speechPackets(call).length;
    await call.play(mulawEncode(recording.samples));
    await untilTurnEnds(call, before + 25);

    // Keypad digits as RFC 4733 events reach the agent as what the caller entered.
    for (const digit of ['4', '2', '#']) await call.pressDigit(digit);

    call.bye();
    expect((await call.response('BYE')).status).toBe(200);
    await expect.poll(async () => (await callRecord(call))?.status, { timeout: 10_000 }).toBe('ended');
    const record = await callRecord(call);
    expect(record).toMatchObject({ endReason: 'caller-bye', accountId: t.ids.agent1, fromNumber: caller });

    const logged = () => t.db.select().from(conversationLogs).where(eq(conversationLogs.callId, call.callId));
    await expect.poll(async () => (await logged()).length, { timeout: 15_000 }).toBe(1);
    const [log] = await logged();
    expect(log).toMatchObject({
      channel: 'phone',
      direction: 'inbound',
      fromNumber: caller,
      toNumber: `sip:agent1@127.0.0.1:${server.port}`,
      endedReason: 'caller',
    });
    await expect.poll(async () => (await callRecord(call))?.conversationUuid).toBe(log?.uuid);
    const turns = (log?.transcript ?? []).filter((entry) => entry.text.trim() !== '');
    expect(turns[0]?.role).toBe('agent');
    const asked = turns.findIndex((entry) => entry.text.toLowerCase().includes('where are you located'));
    expect(turns[asked]?.role).toBe('contact');
    expect(turns.slice(asked + 1).find((entry) => entry.role === 'agent')?.text).toContain('120 Main Street');
    expect(turns.some((entry) => entry.role === 'contact' && entry.text.includes('(keypad) 42'))).toBe(true);
  });

  it('is closed and logged when the caller goes silent without a BYE', async () => {
    const call = phone.call({ server, to: 'agent1', from: caller, silent: true });
    expect((await call.response('INVITE')).status).toBe(200);
    call.ack();
    // No RTP from the caller: after SIP_RTP_TIMEOUT_SECONDS the endpoint sends BYE.
    const bye = await call.waitForRequest('BYE', 15_000);
    expect(bye.uri).toContain(call.local.sipPort.toString());
    await expect
      .poll(async () => (await callRecord(call))?.endReason, { timeout: 10_000 })
      .toBe('rtp-timeout');
    // The captures answer says so beside the call's messages, for the setup to explain.
    await t.app.sipEndpoint?.flushCaptures();
    const captures = await acme.get<{ calls: { sipCallId: string; endReason: string | null }[] }>(
      '/api/v2/sip/captures',
      { query: { sipCallId: call.callId } },
    );
    expect(captures.body.calls).toMatchObject([{ sipCallId: call.callId, endReason: 'rtp-timeout' }]);
    const logged = () => t.db.select().from(conversationLogs).where(eq(conversationLogs.callId, call.callId));
    await expect.poll(async () => (await logged()).length, { timeout: 15_000 }).toBe(1);
  });
});

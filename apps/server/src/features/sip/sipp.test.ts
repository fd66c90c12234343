import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SipRegistrationView } from '@switchboard/contract';
import { conversationLogs, eq, sipCalls } from '@switchboard/db';
import {
  freeUdpPort,
  hasFlite,
  hasSipp,
  portTaken,
  removeSippRun,
  rtpPcap,
  runSipp,
  speechWav,
  startApp,
  type DemoApp,
  type SignedInClient,
  type SippRun,
} from '@switchboard/testing';
import { G711_SILENCE, alawEncode, mulawEncode } from '../../media/g711';
import { canceledCall, refusedCall, registrar, silentCall, talkingCall } from './sipp-scenarios';

// SIPp (Debian's sip-tester), an independent SIP implementation, as the peer: it calls the endpoint with G.711 audio
// and RFC 4733 digits replayed from pcap files at their recorded pace, hangs up or is hung up on, cancels, is refused
// from an address not on the whitelist, and serves as a registrar that checks the platform's digest answer itself.
const caller = '+15557770231';
// SIPp replays pcap audio through a raw socket, which takes root (as npm test runs in CI).
const installed = hasSipp() && hasFlite() && process.getuid?.() === 0;

let t: DemoApp;
let acme: SignedInClient;
let target = '';
let dir = '';

beforeAll(async () => {
  if (!installed) return;
  t = await startApp({
    env: { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_RTP_TIMEOUT_SECONDS: '4', SIP_TCP: 'off' },
  });
  const port = t.app.sipEndpoint?.port;
  if (!port) throw new Error('the SIP endpoint did not start');
  target = `127.0.0.1:${port}`;
  acme = await t.signIn('acme');
  dir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-sipp-'));
}, 60_000);
afterAll(async () => {
  if (!installed) return;
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs a calling scenario to agent1 and keeps its trace in the failure message. */
async function call(scenario: string, codecs: string): Promise<SippRun> {
  const run = await runSipp({ scenario, target, service: 'agent1', keys: { caller, codecs } });
  await removeSippRun(run);
  return run;
}

const sipCallOf = async (run: SippRun) => {
  const callId = /^Call-ID: *(.+)$/im.exec(run.messages)?.[1]?.trim() ?? '';
  const [row] = await t.db.select().from(sipCalls).where(eq(sipCalls.sipCallId, callId));
  return { callId, row };
};

const silence = (ms: number, alaw = false) =>
  new Uint8Array((ms / 1000) * 8000).fill(alaw ? G711_SILENCE.alaw : G711_SILENCE.mulaw);

describe.skipIf(!installed)('calls from SIPp', { timeout: 120_000 }, () => {
  it('is refused 403 from an address not on the whitelist', async () => {
    const run = await call(refusedCall(403), '0 101');
    expect(run.code, run.errors).toBe(0);
    expect(run.messages).toMatch(/SIP\/2\.0 403 Forbidden/);
    const { row } = await sipCallOf(run);
    expect(row).toMatchObject({ accountId: t.ids.agent1, status: 'refused' });
  });

  it('talks: μ-law speech in, the agent’s answer out, keypad digits, and the caller’s BYE', async () => {
    expect((await acme.post('/api/v2/sip/ipWhitelist', { ip: '127.0.0.1', label: 'SIPp' })).status).toBe(201);
    const question = await speechWav('Where are you located?', { sampleRate: 8000 });
    const pcap = path.join(dir, 'question.pcap');
    // Room for the greeting, the question, room for the answer, then 4 2 #.
    const parts = [
      { audio: silence(5_000) },
      { audio: mulawEncode(question.samples) },
      { audio: silence(9_000) },
      { digits: '42#' },
      { audio: silence(1_000) },
    ];
    await writeFile(pcap, rtpPcap(parts, 0));
    const playMs = 15_000 + question.samples.length / 8 + 3 * 300 + 500;
    const run = await call(talkingCall(0, pcap, playMs), '0 101');
    expect(run.code, `${run.errors}\n${run.messages}`).toBe(0);

    const { callId, row } = await sipCallOf(run);
    expect(row).toMatchObject({ accountId: t.ids.agent1, fromNumber: caller });
    await expect
      .poll(async () => (await sipCallOf(run)).row?.endReason, { timeout: 15_000 })
      .toBe('caller-bye');
    const logged = () => t.db.select().from(conversationLogs).where(eq(conversationLogs.callId, callId));
    await expect.poll(async () => (await logged()).length, { timeout: 20_000 }).toBe(1);
    const turns = ((await logged())[0]?.transcript ?? []).filter((entry) => entry.text.trim() !== '');
    expect(turns[0]?.role).toBe('agent');
    const asked = turns.findIndex((entry) => /where are you located/i.test(entry.text));
    expect(turns[asked]?.role, JSON.stringify(turns)).toBe('contact');
    expect(turns.slice(asked + 1).find((entry) => entry.role === 'agent')?.text).toContain('120 Main Street');
    expect(turns.some((entry) => entry.role === 'contact' && entry.text.includes('(keypad) 42'))).toBe(true);
  });

  it('answers an A-law offer in A-law, and hangs up with BYE when the caller’s audio stops', async () => {
    const pcap = path.join(dir, 'alaw.pcap');
    const hello = await speechWav('Hello?', { sampleRate: 8000 });
    await writeFile(pcap, rtpPcap([{ audio: alawEncode(hello.samples) }, { audio: silence(500, true) }], 8));
    const run = await call(silentCall(8, pcap), '8 101');
    expect(run.code, `${run.errors}\n${run.messages}`).toBe(0);
    expect(run.messages).toMatch(/a=rtpmap:8 PCMA\/8000/);
    await expect
      .poll(async () => (await sipCallOf(run)).row?.endReason, { timeout: 15_000 })
      .toBe('rtp-timeout');
  });

  it('is canceled while it rings: 200 to the CANCEL, 487 to the INVITE', async () => {
    const run = await call(canceledCall, '0 101');
    expect(run.code, `${run.errors}\n${run.messages}`).toBe(0);
    await expect.poll(async () => (await sipCallOf(run)).row?.status, { timeout: 10_000 }).toBe('canceled');
  });
});

type Answer = { registration: SipRegistrationView };

/** Starts SIPp as a registrar, points acme's registration at it, and waits for SIPp's verdict and the state. */
async function registerAgainstSipp(password: string, state: string) {
  const port = await freeUdpPort();
  const finished = runSipp({ scenario: registrar('pbx.acme.test', 'auth-1001', 'pw-1001'), localPort: port });
  await expect.poll(() => portTaken(port), { timeout: 10_000, interval: 50 }).toBe(true);
  const made = await acme.post('/api/v2/sip/registration', {
    aor: 'sip:1001@pbx.acme.test',
    username: '1001',
    authUsername: 'auth-1001',
    password,
    sipRealm: 'pbx.acme.test',
    proxy: '127.0.0.1',
    port,
  });
  expect(made.status, made.text).toBeLessThan(300);
  const run = await finished;
  await removeSippRun(run);
  await expect
    .poll(async () => (await acme.get<Answer>('/api/v2/sip/registration')).body.registration.state, {
      timeout: 10_000,
    })
    .toBe(state);
  return { run, registration: (await acme.get<Answer>('/api/v2/sip/registration')).body.registration };
}

describe.skipIf(!installed)('registering to SIPp as the registrar', { timeout: 60_000 }, () => {
  it('is registered when SIPp verifies the digest answer, and refused with the reason when it does not', async () => {
    const right = await registerAgainstSipp('pw-1001', 'registered');
    expect(right.run.code, `${right.run.errors}\n${right.run.messages}`).toBe(0);
    expect(right.run.messages).toMatch(/Authorization: Digest [^\n]*username="auth-1001"/);
    expect(right.run.messages).toMatch(/SIP\/2\.0 200 OK/);
    expect(right.registration.lastError).toBeNull();

    const wrong = await registerAgainstSipp('not-the-password', 'failed');
    expect(wrong.registration.lastError).toContain('refused the user name or password (401 Unauthorized)');
    await acme.delete('/api/v2/sip/registration');
  });
});

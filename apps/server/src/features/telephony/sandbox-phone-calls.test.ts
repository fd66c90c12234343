import { conversationLogs, eq, phoneCalls, sandboxCallForwarding } from '@switchboard/db';
import { freePort, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ScriptedStt } from '../../providers/stt/scripted';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import { sandboxCalleeNumber, sandboxCalleePersona } from '../../providers/telephony/sandbox-callees';
import type { SynthesisOptions, TextToSpeech } from '../../providers/tts/types';
import { energyVadFactory } from '../../providers/vad/energy';

/** A voice with energy (a tone as long as the words, quickly), so the agent's recogniser hears a callee speak. */
class ToneTts implements TextToSpeech {
  readonly name = 'tone';
  readonly sandbox = true;
  unavailableReason() {
    return Promise.resolve(null);
  }
  // eslint-disable-next-line @typescript-eslint/require-await -- an async generator is the interface's shape
  async *synthesize(text: string, options: SynthesisOptions): AsyncGenerator<Int16Array> {
    const samples = Math.round((options.sampleRate * Math.max(600, Math.min(1500, 20 * text.length))) / 1000);
    const tone = new Int16Array(samples);
    for (let i = 0; i < samples; i += 1)
      tone[i] = Math.round(6000 * Math.sin((2 * Math.PI * 300 * i) / options.sampleRate));
    yield tone;
  }
}

let t: DemoApp;
let base: string;
let acme: SignedInClient;
let globex: SignedInClient;
let agentNumber: string;
let carrier: SandboxTelephony;
/** The call whose callee the agent's recogniser is listening to. */
let listeningTo = '';

type Frame = Record<string, unknown> & { event?: string };

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The agent's recogniser hears what the callee last said (the sandbox network keeps it).
  const stt = new ScriptedStt(
    () =>
      carrier.network
        .callee(listeningTo)
        ?.said.filter((line) => line !== '(tone)')
        .at(-1) ?? '',
  );
  t = await startApp({
    env: { PUBLIC_URL: base },
    speech: { stt, tts: new ToneTts(), vad: energyVadFactory },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const telephony = t.services.telephony;
  if (!(telephony instanceof SandboxTelephony)) throw new Error('the tests run on the sandbox phone network');
  carrier = telephony;
  Object.assign(carrier.network.options, {
    calleeAnswerMs: 100,
    busyAfterMs: 50,
    calleeTimings: { voicemailSilenceMs: 1_500, voicemailMaxMs: 20_000, promptWaitMs: 15_000 },
  });
  ({ acme, globex } = await t.signInEach('acme', 'globex'));
  const agent1 = acme.actingFor(t.ids.agent1);
  const offered = await agent1.post<{ numbers: { phoneNumber: string }[] }>(
    '/api/v2/phoneNumber/search/local/prefix',
    { prefix: '720' },
  );
  agentNumber = offered.body.numbers[0]?.phoneNumber ?? '';
  const assigned = await agent1.post('/api/v2/phoneNumber/assign', { number: agentNumber, country: 'US' });
  expect(assigned.status, assigned.text).toBe(200);
});
afterAll(() => t.close());

/** Places a call from agent1's number the way a dialer does: the carrier's call, then its phone_calls row. */
async function place(to: string, ringSeconds = 5): Promise<string> {
  const placed = await carrier.placeCall({
    to,
    from: agentNumber,
    answerUrl: `${base}/api/twilio/voice`,
    statusUrl: `${base}/api/twilio/status`,
    ringSeconds,
  });
  await t.db.insert(phoneCalls).values({
    callId: placed.callId,
    carrier: 'sandbox',
    accountId: t.ids.agent1,
    direction: 'outbound',
    fromNumber: agentNumber,
    toNumber: to,
    status: 'queued',
  });
  return placed.callId;
}

const callRow = async (callId: string) =>
  (await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId)))[0];
const logOf = async (callId: string) =>
  (await t.db.select().from(conversationLogs).where(eq(conversationLogs.callId, callId)))[0];

/** Opens a socket of the softphone page (its incoming calls, or a call's audio), collecting what arrives. */
async function openSocket(client: SignedInClient, path: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}${path}?token=${client.token}`);
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse((data as Buffer).toString('utf8')) as Frame));
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, frames, closed };
}

describe('calls an agent places on the sandbox phone network', () => {
  it('ring an open softphone page, which answers: the greeting arrives and the hang-up records the duration', async () => {
    const mine = (await acme.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber;
    const page = await openSocket(acme, '/api/sandbox/phone/events');
    const theirPage = await openSocket(globex, '/api/sandbox/phone/events');
    const callId = await place(mine);
    await expect
      .poll(() => page.frames.find((frame) => frame.event === 'incoming'), { timeout: 10_000 })
      .toMatchObject({ callId, from: agentNumber, to: mine, ringSeconds: 5 });
    await expect.poll(async () => (await callRow(callId))?.status).toBe('ringing');
    // Another tenant's person neither sees the call nor answers it.
    expect(theirPage.frames.some((frame) => frame.callId === callId)).toBe(false);
    const stolen = await globex.post(`/api/sandbox/phone/calls/${callId}/answer`, {});
    expect(stolen.status).toBe(404);
    expect(stolen.text).toContain('No call');

    const answered = await acme.post<{ status: string; from: string }>(
      `/api/sandbox/phone/calls/${callId}/answer`,
      {},
    );
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toMatchObject({ status: 'in-progress', from: agentNumber, to: mine });
    await expect
      .poll(() => page.frames.find((frame) => frame.event === 'ringEnded'))
      .toEqual({ event: 'ringEnded', callId, reason: 'answered' });
    const call = await openSocket(acme, `/api/sandbox/phone/calls/${callId}/stream`);
    await expect
      .poll(() => call.frames.some((frame) => frame.event === 'transcript' && frame.role === 'agent'), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await callRow(callId)).toMatchObject({ status: 'in-progress', direction: 'outbound' });
    const hungUp = await acme.post(`/api/sandbox/phone/calls/${callId}/hangUp`, {});
    expect(hungUp.status, hungUp.text).toBe(200);
    await call.closed;
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 10_000 }).toBe('completed');
    expect((await callRow(callId))?.durationSeconds).toBeGreaterThanOrEqual(0);
    await expect
      .poll(() => logOf(callId), { timeout: 10_000 })
      .toMatchObject({
        channel: 'phone',
        direction: 'outbound',
        fromNumber: agentNumber,
        toNumber: mine,
      });
    page.socket.close();
    theirPage.socket.close();
  });

  it('hear busy when the softphone declines, and no-answer when no page is open', async () => {
    const mine = (await acme.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber;
    const page = await openSocket(acme, '/api/sandbox/phone/events');
    const declinedId = await place(mine);
    await expect
      .poll(() => page.frames.some((frame) => frame.callId === declinedId), { timeout: 10_000 })
      .toBe(true);
    expect((await globex.post(`/api/sandbox/phone/calls/${declinedId}/decline`, {})).status).toBe(404);
    const declined = await acme.post(`/api/sandbox/phone/calls/${declinedId}/decline`, {});
    expect(declined.status, declined.text).toBe(200);
    await expect.poll(async () => (await callRow(declinedId))?.status, { timeout: 10_000 }).toBe('busy');
    page.socket.close();
    await page.closed;

    const theirs = (await globex.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber;
    const unansweredId = await place(theirs, 1);
    await expect
      .poll(async () => (await callRow(unansweredId))?.status, { timeout: 10_000 })
      .toBe('no-answer');
    const nowhereId = await place('+13125550199', 1);
    await expect.poll(async () => (await callRow(nowhereId))?.status, { timeout: 10_000 }).toBe('no-answer');
  });
});

describe('simulated callees', () => {
  it('are picked by the number: +1 555 200-0XNN', () => {
    expect(sandboxCalleePersona('+15552000000')).toBe('person');
    expect(sandboxCalleePersona('+15552000142')).toBe('voicemail');
    expect(sandboxCalleePersona('+15552000250')).toBe('screener');
    expect(sandboxCalleePersona('+15552000307')).toBe('menu');
    expect(sandboxCalleePersona('+15552000400')).toBe('busy');
    expect(sandboxCalleePersona('+15552000500')).toBe('no-answer');
    expect(sandboxCalleePersona('+15552000600')).toBe('not-in-service');
    expect(sandboxCalleePersona('+15552000700')).toBeNull();
    expect(sandboxCalleePersona('+15555550100')).toBeNull();
    expect(sandboxCalleeNumber('menu', 7)).toBe('+15552000307');
  });

  it('a person answers and converses: the agent hears what they say, they hear the agent', async () => {
    const callId = await place(sandboxCalleeNumber('person', 1));
    listeningTo = callId;
    await expect
      .poll(() => carrier.network.callee(callId)?.heard.length ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(1);
    await expect
      .poll(() => carrier.network.callee(callId)?.said.length ?? 0, { timeout: 20_000 })
      .toBeGreaterThan(1);
    expect(carrier.network.callee(callId)?.said[0]).toBe('Hello?');
    await expect.poll(async () => (await callRow(callId))?.status).toBe('in-progress');
    await carrier.hangUp(callId);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 10_000 }).toBe('completed');
    await expect.poll(() => logOf(callId), { timeout: 10_000 }).toBeTruthy();
    const log = await logOf(callId);
    expect(log?.direction).toBe('outbound');
    // What the agent heard the contact say is what the person said on the line.
    const heardByAgent = log?.transcript
      .filter((entry) => entry.role === 'contact')
      .map((entry) => entry.text);
    expect(heardByAgent?.length).toBeGreaterThan(0);
    for (const line of heardByAgent ?? []) expect(carrier.network.callee(callId)?.said).toContain(line);
  });

  it('voicemail greets, beeps, records what the agent says after the tone, and the agent hangs up', async () => {
    const callId = await place(sandboxCalleeNumber('voicemail', 3));
    listeningTo = callId;
    // The agent knows a voicemail when it hears one: it leaves its message after the tone and hangs up.
    await expect.poll(() => carrier.network.callee(callId)?.endedBy, { timeout: 30_000 }).toBe('caller');
    const record = carrier.network.callee(callId);
    expect(record?.said).toEqual([expect.stringContaining('leave a message after the tone'), '(tone)']);
    expect(record?.voicemail).toBeTruthy();
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 10_000 }).toBe('completed');
    await expect.poll(() => logOf(callId), { timeout: 10_000 }).toBeTruthy();
    const agentSaid = (await logOf(callId))?.transcript
      .filter((entry) => entry.role === 'agent')
      .map((entry) => entry.text);
    expect(agentSaid?.join(' ')).toContain(record?.voicemail);
  });

  it('a phone menu reacts to the digit the agent sends and puts a person on', async () => {
    const callId = await place(sandboxCalleeNumber('menu', 0));
    listeningTo = callId;
    await expect
      .poll(() => carrier.network.callee(callId)?.said[0], { timeout: 20_000 })
      .toContain('press 2');
    await carrier.sendDigits(callId, '2');
    await expect
      .poll(() => carrier.network.callee(callId)?.said, { timeout: 20_000 })
      .toEqual(
        expect.arrayContaining([
          'Connecting you to support.',
          'Hi, this is Alex from support. How can I help?',
        ]),
      );
    expect(carrier.network.callee(callId)?.digits).toBe('2');
    await expect(carrier.sendDigits(callId, 'x')).rejects.toThrow('keypad digits');
    await carrier.hangUp(callId);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 10_000 }).toBe('completed');
  });

  it('a screener that takes no calls asks who is calling, refuses and hangs up', async () => {
    const callId = await place(sandboxCalleeNumber('screener', 77));
    listeningTo = callId;
    await expect.poll(() => carrier.network.callee(callId)?.endedBy, { timeout: 30_000 }).toBe('callee');
    const record = carrier.network.callee(callId);
    expect(record?.said[0]).toContain('Please say your name and why you are calling');
    expect(record?.accepted).toBe(false);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 10_000 }).toBe('completed');
  });

  it('busy, no answer and not in service end the call so', async () => {
    const busy = await place(sandboxCalleeNumber('busy'));
    const unanswered = await place(sandboxCalleeNumber('no-answer'), 1);
    const unallocated = await place(sandboxCalleeNumber('not-in-service'));
    await expect.poll(async () => (await callRow(busy))?.status, { timeout: 10_000 }).toBe('busy');
    await expect.poll(async () => (await callRow(unanswered))?.status, { timeout: 10_000 }).toBe('no-answer');
    await expect.poll(async () => (await callRow(unallocated))?.status, { timeout: 10_000 }).toBe('failed');
  });
});

describe('the softphone keypad', () => {
  it('sets the sandbox forwarding with *72 and a number, which the network follows, and clears it with *73', async () => {
    const mine = (await acme.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber;
    const target = sandboxCalleeNumber('busy', 9);
    const forwarding = async () =>
      (await t.db.select().from(sandboxCallForwarding).where(eq(sandboxCallForwarding.cellNumber, mine)))[0]
        ?.forwardTo ?? null;
    const on = await acme.post<{ status: string; announcement: string }>('/api/sandbox/phone/calls', {
      to: `*72${target}`,
    });
    expect(on.status, on.text).toBe(201);
    expect(on.body.status).toBe('completed');
    expect(on.body.announcement).toContain('now forward to +1 (555) 200-0409');
    expect(await forwarding()).toBe(target);
    // A call to the softphone goes where it forwards: the busy callee.
    const callId = await place(mine);
    await expect.poll(async () => (await callRow(callId))?.status, { timeout: 10_000 }).toBe('busy');

    const bad = await acme.post('/api/sandbox/phone/calls', { to: '*72' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('*72');
    const off = await acme.post<{ announcement: string }>('/api/sandbox/phone/calls', { to: '*73' });
    expect(off.status, off.text).toBe(201);
    expect(off.body.announcement).toBe('Call forwarding is off.');
    expect(await forwarding()).toBeNull();
  });
});

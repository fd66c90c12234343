import { formatPhoneForDisplay } from '@switchboard/core';
import { conversationLogs, eq, phoneCalls } from '@switchboard/db';
import { freePort, saveCampaign, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { getAgentConfig } from '../agents/agents.service';
import { instantSpeechProviders } from '../../providers/shared/speech-providers';
import { SandboxTelephony } from '../../providers/telephony/sandbox';

let t: DemoApp;
let base: string;
/** The caller: dials the agent's number from their softphone. */
let acme: SignedInClient;
/** The person the agent transfers to: the transfer destination is their softphone number. */
let globex: SignedInClient;
let agentNumber: string;
let deskNumber: string;
let carrier: SandboxTelephony;
/** What the recogniser hears in the caller's next utterance. */
let words = '';

type Dialed = { callId: string; from: string; to: string; status: string };
type Frame = Record<string, unknown> & { event?: string };

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startApp({
    env: { PUBLIC_URL: base },
    speech: instantSpeechProviders({ transcripts: () => words }),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  if (!(t.services.telephony instanceof SandboxTelephony)) throw new Error('the tests run on the sandbox');
  carrier = t.services.telephony;
  ({ acme, globex } = await t.signInEach('acme', 'globex'));
  deskNumber = (await globex.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber;
  const agent1 = acme.actingFor(t.ids.agent1);
  const offered = await agent1.post<{ numbers: { phoneNumber: string }[] }>(
    '/api/v2/phoneNumber/search/local/prefix',
    { prefix: '415' },
  );
  agentNumber = offered.body.numbers[0]?.phoneNumber ?? '';
  expect(
    (await agent1.post('/api/v2/phoneNumber/assign', { number: agentNumber, country: 'US' })).status,
  ).toBe(200);
  // agent1 transfers to the front desk: a softphone number on the sandbox network, without asking first.
  const config = await getAgentConfig(t.db, t.ids.agent1, 'production');
  await saveCampaign(acme, t.ids.agent1, {
    ...config,
    confirmTransfers: false,
    actions: config.actions.map((action) =>
      action.name === 'transfer_call'
        ? { ...action, destinations: [{ name: 'the front desk', number: deskNumber }] }
        : action,
    ),
    published: true,
  });
});
afterAll(() => t.close());

async function openSocket(client: SignedInClient, path: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}${path}?token=${client.token}`);
  const frames: Frame[] = [];
  socket.on('message', (data) => {
    const frame = JSON.parse((data as Buffer).toString('utf8')) as Frame;
    frames.push(frame);
    // The page echoes each mark once its audio has played (here: at once).
    if (frame.event === 'mark') socket.send(JSON.stringify({ event: 'mark', mark: frame.mark }));
  });
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const send = (frame: Frame) => socket.send(JSON.stringify(frame));
  return { socket, frames, closed, send };
}

/** One utterance as the softphone sends it: 16 kHz PCM frames of noise, a second of loud tone, then noise. */
function utterance(): string[] {
  const frame = (loud: boolean, index: number) => {
    const pcm = Buffer.alloc(640);
    for (let i = 0; i < 320; i++) {
      const tone = loud ? 8000 * Math.sin(((index * 320 + i) * 2 * Math.PI * 220) / 16_000) : 0;
      pcm.writeInt16LE(Math.round(tone + ((i * 7919) % 40) - 20), i * 2);
    }
    return pcm.toString('base64');
  };
  return [
    ...Array.from({ length: 25 }, (_, i) => frame(false, i)),
    ...Array.from({ length: 50 }, (_, i) => frame(true, i)),
    ...Array.from({ length: 100 }, (_, i) => frame(false, i)),
  ];
}

const said = (frames: Frame[], role: string) =>
  frames.filter((frame) => frame.event === 'transcript' && frame.role === role).map((frame) => frame.text);
const logOf = async (callId: string) =>
  (await t.db.select().from(conversationLogs).where(eq(conversationLogs.callId, callId)))[0];

/** The caller reaches the agent, hears the greeting, and asks for a person: the desk's page rings. */
async function askForTransfer() {
  const desk = await openSocket(globex, '/api/sandbox/phone/events');
  const dialed = await acme.post<Dialed>('/api/sandbox/phone/calls', { to: agentNumber });
  expect(dialed.status, dialed.text).toBe(201);
  const { callId, from } = dialed.body;
  const caller = await openSocket(acme, `/api/sandbox/phone/calls/${callId}/stream`);
  await expect.poll(() => said(caller.frames, 'agent').length, { timeout: 20_000 }).toBeGreaterThan(0);
  words = 'Can you transfer me to a person, please?';
  for (const payload of utterance()) caller.send({ event: 'media', media: { payload } });
  await expect
    .poll(() => desk.frames.find((frame) => frame.event === 'incoming'), { timeout: 20_000 })
    .toMatchObject({ from, to: deskNumber, transfer: true });
  const leg = String(desk.frames.find((frame) => frame.event === 'incoming')?.callId);
  expect(leg).not.toBe(callId);
  expect(caller.frames).toContainEqual(
    expect.objectContaining({ event: 'status', status: 'transferring', to: deskNumber }),
  );
  return { desk, caller, callId, from, leg };
}

describe('an agent transferring a softphone call to a softphone number', () => {
  it('rings it; answered, the caller and the desk are bridged both ways, the agent leaves, the log names it', async () => {
    const { desk, caller, callId, from, leg } = await askForTransfer();
    // Nobody else can pick up the desk's transfer.
    expect((await acme.post(`/api/sandbox/phone/calls/${leg}/answer`, {})).status).toBe(404);
    const answered = await globex.post<Dialed>(`/api/sandbox/phone/calls/${leg}/answer`, {});
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toMatchObject({ callId: leg, from, to: deskNumber, status: 'in-progress' });
    const answering = await openSocket(globex, `/api/sandbox/phone/calls/${leg}/stream`);
    await expect
      .poll(() => said(caller.frames, 'network'), { timeout: 20_000 })
      .toContain(`Connected to +1 (555) 555-${deskNumber.slice(-4)}.`);
    expect(said(caller.frames, 'agent').at(-1)).toBe('Putting you through to the front desk now.');
    expect(said(answering.frames, 'network')).toEqual(['The agent put the caller through to you.']);

    // Audio both ways, untouched.
    const hello = Buffer.alloc(640, 7).toString('base64');
    const hi = Buffer.alloc(640, 9).toString('base64');
    caller.send({ event: 'media', media: { payload: hello } });
    answering.send({ event: 'media', media: { payload: hi } });
    const heard = (frames: Frame[], payload: string) =>
      frames.some(
        (frame) => frame.event === 'media' && (frame.media as { payload?: string }).payload === payload,
      );
    await expect.poll(() => heard(answering.frames, hello)).toBe(true);
    await expect.poll(() => heard(caller.frames, hi)).toBe(true);

    // The agent's part is logged as a transfer to the desk, answered.
    await expect.poll(() => logOf(callId), { timeout: 10_000 }).toBeTruthy();
    const log = await logOf(callId);
    expect(log).toMatchObject({ transfer: deskNumber, endedReason: 'transfer', fromNumber: from });
    expect(log?.toolCalls.find((call) => call.name === 'transfer_call')).toMatchObject({
      ok: true,
      data: { destination: deskNumber, outcome: 'answered' },
    });
    // The call goes on after the agent left; the desk hanging up ends it for both.
    expect((await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId)))[0]?.status).not.toBe(
      'completed',
    );
    answering.send({ event: 'stop' });
    expect(await caller.closed).toBe(1000);
    expect(await answering.closed).toBe(1000);
    expect(caller.frames.at(-1)).toMatchObject({ event: 'ended', reason: 'agent' });
    expect(answering.frames.at(-1)).toMatchObject({ event: 'ended', reason: 'caller' });
    await expect
      .poll(
        async () => (await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId)))[0]?.status,
      )
      .toBe('completed');
    desk.socket.close();
  }, 60_000);

  it('declined, the agent tells the caller, offers to take a message and carries on', async () => {
    const { desk, caller, callId, leg } = await askForTransfer();
    expect((await globex.post(`/api/sandbox/phone/calls/${leg}/decline`, {})).status).toBe(200);
    await expect
      .poll(() => said(caller.frames, 'agent').at(-1), { timeout: 20_000 })
      .toMatch(/the front desk is not available right now.*message/i);
    expect(caller.frames).toContainEqual(
      expect.objectContaining({ event: 'status', status: 'in-progress', transfer: 'declined' }),
    );
    // Still the agent's call: the caller leaves a message.
    words = 'Yes please.';
    for (const payload of utterance()) caller.send({ event: 'media', media: { payload } });
    await expect.poll(() => said(caller.frames, 'contact'), { timeout: 20_000 }).toContain('Yes please.');
    caller.send({ event: 'stop' });
    await caller.closed;
    await expect.poll(() => logOf(callId), { timeout: 10_000 }).toBeTruthy();
    const log = await logOf(callId);
    expect(log?.transfer ?? '').toBe('');
    expect(log?.endedReason).toBe('caller');
    expect(log?.toolCalls.find((call) => call.name === 'transfer_call')).toMatchObject({
      ok: false,
      data: { destination: deskNumber, outcome: 'declined' },
    });
    desk.socket.close();
  }, 60_000);

  it('unanswered within the ring time, the desk stops ringing and the agent takes the caller back', async () => {
    carrier.network.options.transferRingMs = 1_500;
    try {
      const { desk, caller, callId, leg } = await askForTransfer();
      await expect
        .poll(() => desk.frames.find((frame) => frame.event === 'ringEnded'), { timeout: 10_000 })
        .toEqual({ event: 'ringEnded', callId: leg, reason: 'no-answer' });
      await expect
        .poll(() => said(caller.frames, 'agent').at(-1), { timeout: 20_000 })
        .toMatch(/the front desk did not answer/i);
      // Too late to answer.
      expect((await globex.post(`/api/sandbox/phone/calls/${leg}/answer`, {})).status).toBe(404);
      caller.send({ event: 'stop' });
      await caller.closed;
      await expect.poll(() => logOf(callId), { timeout: 10_000 }).toBeTruthy();
      expect((await logOf(callId))?.toolCalls.find((call) => call.name === 'transfer_call')).toMatchObject({
        ok: false,
        data: { destination: deskNumber, outcome: 'no-answer' },
      });
      desk.socket.close();
    } finally {
      carrier.network.options.transferRingMs = 20_000;
    }
  }, 60_000);
});

describe("an agent transferring a softphone call to another agent's number", () => {
  it('hands the caller to that agent on the same call: both legs are logged, each under its own agent', async () => {
    // agent2 has a number of its own; agent1's transfer destination is that number.
    const agent2 = acme.actingFor(t.ids.agent2);
    const offered = await agent2.post<{ numbers: { phoneNumber: string }[] }>(
      '/api/v2/phoneNumber/search/local/prefix',
      { prefix: '415' },
    );
    const salesNumber = offered.body.numbers[0]?.phoneNumber ?? '';
    expect(
      (await agent2.post('/api/v2/phoneNumber/assign', { number: salesNumber, country: 'US' })).status,
    ).toBe(200);
    const config = await getAgentConfig(t.db, t.ids.agent1, 'production');
    await saveCampaign(acme, t.ids.agent1, {
      ...config,
      actions: config.actions.map((action) =>
        action.name === 'transfer_call'
          ? { ...action, destinations: [{ name: 'sales', number: salesNumber }] }
          : action,
      ),
      published: true,
    });
    try {
      words = '';
      const dialed = await acme.post<Dialed>('/api/sandbox/phone/calls', { to: agentNumber });
      expect(dialed.status, dialed.text).toBe(201);
      const { callId, from } = dialed.body;
      const caller = await openSocket(acme, `/api/sandbox/phone/calls/${callId}/stream`);
      await expect.poll(() => said(caller.frames, 'agent').length, { timeout: 20_000 }).toBeGreaterThan(0);
      words = 'Can you transfer me to sales, please?';
      for (const payload of utterance()) caller.send({ event: 'media', media: { payload } });

      // The second agent picks up on the same socket: the page hears it is connected, then that agent's greeting.
      await expect
        .poll(() => caller.frames.find((frame) => frame.status === 'transferred'), { timeout: 20_000 })
        .toMatchObject({ event: 'status', status: 'transferred', to: salesNumber });
      expect(said(caller.frames, 'network')).toContain(`Connected to ${formatPhoneForDisplay(salesNumber)}.`);
      // What the caller hears after the hand-over is the second agent (its greeting may be in already).
      const handedOver = caller.frames.findIndex((frame) => frame.status === 'transferred');
      await expect
        .poll(() => said(caller.frames.slice(handedOver + 1), 'agent').length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      expect(caller.frames.some((frame) => frame.event === 'ended')).toBe(false);

      // The first agent's part is over: its log names the transfer, unrung (an agent answers at once).
      await expect.poll(() => logOf(callId), { timeout: 10_000 }).toBeTruthy();
      expect(await logOf(callId)).toMatchObject({ transfer: salesNumber, endedReason: 'transfer' });
      const [first] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId));
      expect(first).toMatchObject({ status: 'completed', accountId: t.ids.agent1 });
      const [second] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.toNumber, salesNumber));
      expect(second).toMatchObject({
        accountId: t.ids.agent2,
        direction: 'inbound',
        fromNumber: from,
        status: 'in-progress',
      });

      // The caller talks with the second agent, then hangs up: that call ends and has its own log.
      words = 'What are your prices?';
      for (const payload of utterance()) caller.send({ event: 'media', media: { payload } });
      await expect
        .poll(() => said(caller.frames, 'contact'), { timeout: 20_000 })
        .toContain('What are your prices?');
      caller.send({ event: 'stop' });
      expect(await caller.closed).toBe(1000);
      const secondId = second?.callId ?? '';
      await expect.poll(() => logOf(secondId), { timeout: 10_000 }).toBeTruthy();
      expect(await logOf(secondId)).toMatchObject({ accountId: t.ids.agent2, fromNumber: from });
      expect(JSON.stringify((await logOf(secondId))?.transcript)).toMatch(/What are your prices\?/);
      await expect
        .poll(
          async () =>
            (await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, secondId)))[0]?.status,
        )
        .toBe('completed');
    } finally {
      const now = await getAgentConfig(t.db, t.ids.agent1, 'production');
      await saveCampaign(acme, t.ids.agent1, { ...now, actions: config.actions, published: true });
    }
  }, 90_000);
});

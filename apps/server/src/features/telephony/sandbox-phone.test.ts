import { conversationLogs, eq, phoneCalls, users } from '@switchboard/db';
import { demoEmail, freePort, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { instantSpeechProviders } from '../../providers/shared/speech-providers';

let t: DemoApp;
let base: string;
let acme: SignedInClient;
let globex: SignedInClient;
let agentNumber: string;

type Dialed = { callId: string; from: string; to: string; status: string; announcement: string | null };
type Frame = Record<string, unknown> & { event?: string };

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startApp({
    env: { PUBLIC_URL: base },
    speech: instantSpeechProviders({ transcripts: () => '' }),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  ({ acme, globex } = await t.signInEach('acme', 'globex'));
  // agent1 buys a number on the sandbox phone network the way its organization does: through the numbers API.
  const agent1 = acme.actingFor(t.ids.agent1);
  const offered = await agent1.post<{ numbers: { phoneNumber: string }[] }>(
    '/api/v2/phoneNumber/search/local/prefix',
    { prefix: '303' },
  );
  agentNumber = offered.body.numbers[0]?.phoneNumber ?? '';
  const assigned = await agent1.post('/api/v2/phoneNumber/assign', { number: agentNumber, country: 'US' });
  expect(assigned.status, assigned.text).toBe(200);
});
afterAll(() => t.close());

/** Opens a dialed call's stream the way the softphone page does, collecting what the network sends. */
async function openStream(client: SignedInClient, callId: string) {
  const url = `${base.replace('http', 'ws')}/api/sandbox/phone/calls/${callId}/stream?token=${client.token}`;
  const socket = new WebSocket(url);
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse((data as Buffer).toString('utf8')) as Frame));
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, frames, closed };
}

const said = (frames: Frame[], role: string) =>
  frames.filter((frame) => frame.event === 'transcript' && frame.role === role).map((frame) => frame.text);

describe('the softphone', () => {
  it('gives each person a fictional caller number in the softphone range, kept, and changeable', async () => {
    const mine = await acme.get<{ phoneNumber: string; sandbox: boolean }>('/api/sandbox/phone');
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.phoneNumber).toMatch(/^\+1555555\d{4}$/);
    expect(mine.body.sandbox).toBe(true);
    expect((await acme.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber).toBe(
      mine.body.phoneNumber,
    );
    const theirs = (await globex.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber;
    expect(theirs).not.toBe(mine.body.phoneNumber);

    const taken = await acme.put('/api/sandbox/phone', { phoneNumber: theirs });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('someone else');
    const outside = await acme.put('/api/sandbox/phone', { phoneNumber: '+13035550142' });
    expect(outside.status).toBe(400);
    expect(outside.text).toContain('softphone number');
    const chosen = await acme.put<{ phoneNumber: string }>('/api/sandbox/phone', {
      phoneNumber: '+15555550777',
    });
    expect(chosen.status, chosen.text).toBe(200);
    expect((await acme.get<{ phoneNumber: string }>('/api/sandbox/phone')).body.phoneNumber).toBe(
      '+15555550777',
    );
  });

  it('refuses a malformed number, and an unknown or malformed call id, with a 4xx naming it', async () => {
    const malformed = await acme.post('/api/sandbox/phone/calls', { to: 'call mom' });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('body.to');
    const unknown = await acme.post(`/api/sandbox/phone/calls/SBCA${'0'.repeat(32)}/hangUp`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('No call');
    const badId = await acme.post('/api/sandbox/phone/calls/not-a-call/hangUp', {});
    expect(badId.status).toBe(400);
    expect(badId.text).toContain('sandbox call id');
  });

  it('hears the not-in-service intercept from a number no agent holds, and the call ends', async () => {
    const dialed = await acme.post<Dialed>('/api/sandbox/phone/calls', { to: '+1 (512) 555-0188' });
    expect(dialed.status, dialed.text).toBe(201);
    expect(dialed.body).toMatchObject({
      to: '+15125550188',
      status: 'in-progress',
      announcement: 'The number you have called is not in service. Goodbye.',
    });
    expect(await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, dialed.body.callId))).toEqual([]);
    // The intercept is heard on the call: the three tones and the sentence as line audio, then the call ends.
    const call = await openStream(acme, dialed.body.callId);
    expect(await call.closed).toBe(1000);
    expect(said(call.frames, 'network')).toEqual(['The number you have called is not in service. Goodbye.']);
    const audio = call.frames.filter((frame) => frame.event === 'media') as { media: { payload: string } }[];
    // 928 ms of tones alone is 46 frames of 20 ms.
    expect(audio.length).toBeGreaterThan(46);
    const loudest = Math.max(
      ...audio.slice(0, 46).map((frame) => {
        const pcm = Buffer.from(frame.media.payload, 'base64');
        let peak = 0;
        for (let i = 0; i + 1 < pcm.length; i += 2) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i)));
        return peak;
      }),
    );
    expect(loudest).toBeGreaterThan(5000);
    expect(call.frames.at(-1)).toMatchObject({ event: 'ended', reason: 'not-in-service' });
  });

  it("reaches the agent on its number: the greeting, the keypad, the caller's hang-up and the call's log", async () => {
    const dialed = await acme.post<Dialed>('/api/sandbox/phone/calls', { to: agentNumber });
    expect(dialed.status, dialed.text).toBe(201);
    expect(dialed.body).toMatchObject({ status: 'in-progress', to: agentNumber, announcement: null });
    const { callId, from } = dialed.body;
    const [row] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId));
    expect(row).toMatchObject({ carrier: 'sandbox', direction: 'inbound', accountId: t.ids.agent1 });

    const call = await openStream(acme, callId);
    await expect.poll(() => said(call.frames, 'agent').length, { timeout: 20_000 }).toBeGreaterThan(0);
    // The agent's audio is 16 kHz PCM in 20 ms frames, followed by a mark the softphone echoes once played.
    const media = call.frames.find((frame) => frame.event === 'media') as { media: { payload: string } };
    expect(Buffer.from(media.media.payload, 'base64')).toHaveLength(640);
    await expect
      .poll(() => call.frames.some((frame) => frame.event === 'mark'), { timeout: 20_000 })
      .toBe(true);
    const mark = call.frames.find((frame) => frame.event === 'mark') as { mark: { name: string } };
    call.socket.send(JSON.stringify({ event: 'mark', mark: mark.mark }));
    for (const digit of ['4', '2', '#']) call.socket.send(JSON.stringify({ event: 'dtmf', dtmf: { digit } }));
    await expect.poll(() => said(call.frames, 'contact'), { timeout: 10_000 }).toContain('(keypad) 42');

    const hungUp = await acme.post<{ status: string }>(`/api/sandbox/phone/calls/${callId}/hangUp`, {});
    expect(hungUp.status, hungUp.text).toBe(200);
    expect(await call.closed).toBe(1000);
    expect(call.frames.at(-1)).toMatchObject({ event: 'ended', reason: 'caller' });

    const logged = () => t.db.select().from(conversationLogs).where(eq(conversationLogs.callId, callId));
    await expect.poll(async () => (await logged()).length, { timeout: 10_000 }).toBe(1);
    const [log] = await logged();
    expect(log).toMatchObject({
      channel: 'phone',
      direction: 'inbound',
      fromNumber: from,
      toNumber: agentNumber,
      accountId: t.ids.agent1,
      endedReason: 'caller',
    });
    expect(log?.duration).toBeGreaterThanOrEqual(0);
    // The sandbox carrier gives the caller's name (CNAM): the person's own; no contact of the agent has the number.
    const [person] = await t.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('acme')));
    expect(person?.name).toBeTruthy();
    expect(log?.cnam).toBe(person?.name);
    await expect
      .poll(async () => (await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId)))[0])
      .toMatchObject({ status: 'completed', conversationUuid: log?.uuid });
    const [ended] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId));
    expect(ended?.durationSeconds).toBeGreaterThanOrEqual(0);
    // A hung-up call is gone from the softphone.
    expect((await acme.post(`/api/sandbox/phone/calls/${callId}/hangUp`, {})).status).toBe(404);
  });

  it("treats another tenant's agent number as just a number: the call connects, nothing of theirs shows", async () => {
    const dialed = await globex.post<Dialed & Record<string, unknown>>('/api/sandbox/phone/calls', {
      to: agentNumber,
    });
    expect(dialed.status, dialed.text).toBe(201);
    expect(Object.keys(dialed.body).sort()).toEqual(
      ['announcement', 'callId', 'from', 'status', 'success', 'to'].sort(),
    );
    // acme cannot hang up or listen in on globex's call.
    expect((await acme.post(`/api/sandbox/phone/calls/${dialed.body.callId}/hangUp`, {})).status).toBe(404);
    const eavesdrop = new WebSocket(
      `${base.replace('http', 'ws')}/api/sandbox/phone/calls/${dialed.body.callId}/stream?token=${acme.token}`,
    );
    expect(await new Promise((resolve) => eavesdrop.once('close', resolve))).toBe(4404);

    const call = await openStream(globex, dialed.body.callId);
    await expect.poll(() => said(call.frames, 'agent').length, { timeout: 20_000 }).toBeGreaterThan(0);
    call.socket.send(JSON.stringify({ event: 'stop' }));
    await call.closed;
    // The room is the agent's: in acme's inbox, not in globex's.
    for (const list of ['/api/v1/conversations', '/api/v1/agentConversations']) {
      const theirs = await globex.get(`${list}?pagination=false`);
      expect(theirs.status, theirs.text).toBe(200);
      expect(theirs.text).not.toContain(dialed.body.from);
    }
    // The room is routed to one of acme's two inboxes (priority or the agent's).
    const ours = await Promise.all(
      ['/api/v1/conversations', '/api/v1/agentConversations'].map((list) =>
        acme.get(`${list}?pagination=false&id=${t.ids.agent1}`),
      ),
    );
    expect(ours.map((list) => list.text).join('')).toContain(dialed.body.from);
  });
});

describe('in production', () => {
  it('closes the sandbox phone network', async () => {
    const production = await startApp({
      seed: 'empty',
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail.example.test:25',
        PUBLIC_URL: 'https://switchboard.example.test',
        SECRETS_KEY: 'a-production-secret-key-of-some-length',
      },
      // Production mail would go out for real; nothing here sends any.
      mail: { name: 'smtp', sandbox: false, send: () => Promise.resolve() },
    });
    try {
      for (const [method, url] of [
        ['GET', '/api/sandbox/phone'],
        ['POST', '/api/sandbox/phone/calls'],
        ['GET', '/api/sandbox/phone/texts'],
        ['POST', '/api/sandbox/phone/texts'],
        ['GET', `/api/sandbox/phone/calls/SBCA${'0'.repeat(32)}/stream`],
        ['POST', `/api/sandbox/phone/calls/SBCA${'0'.repeat(32)}/answer`],
        ['POST', `/api/sandbox/phone/calls/SBCA${'0'.repeat(32)}/decline`],
        ['GET', '/api/sandbox/phone/events'],
        ['GET', '/app/dev/phone'],
      ] as const) {
        const response = await production.client().inject({
          method,
          url,
          payload: { to: '+13035550100', text: 'Hello' },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await production.close();
    }
  });
});

import {
  connectTwilioMediaStream,
  freePort,
  startApp,
  startFakeTwilioServer,
  type DemoApp,
  type FakeTwilioServer,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { instantSpeechProviders } from '../../providers/shared/speech-providers';
import { and, conversationLogs, eq, phoneCalls, smsOptOuts } from '@switchboard/db';
import { twilioSignatureFor } from '../../providers/telephony/twilio-signature';
import { advanceCallStatus } from './calls.repo';

const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'twilio-test-auth-token';
const agentNumber = '+14155550101';

let t: DemoApp;
let fake: FakeTwilioServer;
let base: string;
/** What the recogniser hears in the caller's next utterance. */
let words = '';

beforeAll(async () => {
  fake = await startFakeTwilioServer({ accountSid, authToken });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startApp({
    env: {
      TELEPHONY_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_API_URL: fake.apiUrl,
      PUBLIC_URL: base,
    },
    speech: instantSpeechProviders({ transcripts: () => words }),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  // agent1 takes a number at the carrier the way its organization does: through the numbers API.
  const acme = await t.signIn('acme');
  const assigned = await acme.post(
    '/api/v2/phoneNumber/assign',
    { number: agentNumber, country: 'US' },
    { query: { targetAccountId: t.ids.agent1 } },
  );
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const webhook = (
  path: string,
  params: Record<string, string>,
  sign: { authToken?: string; signedUrl?: string } = {},
) => fake.sendWebhook(`${base}${path}`, params, sign);

const incomingCall = (callSid: string, from: string, to = agentNumber) => ({
  CallSid: callSid,
  AccountSid: accountSid,
  From: from,
  To: to,
  Direction: 'inbound',
  CallStatus: 'ringing',
});

describe('the webhooks refuse requests Twilio did not sign', () => {
  it('answers 403 to a missing, wrongly keyed, tampered or misaddressed signature, and stores nothing', async () => {
    const params = incomingCall('CAforged0001', '+15557770201');
    const missing = await fetch(`${base}/api/twilio/voice`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    expect(missing.status).toBe(403);
    expect((await webhook('/api/twilio/voice', params, { authToken: 'not-the-token' })).status).toBe(403);
    expect((await webhook('/api/twilio/voice', params, { signedUrl: `${base}/api/twilio/sms` })).status).toBe(
      403,
    );
    // Signed for one body, sent with another.
    const signature = twilioSignatureFor(authToken, `${base}/api/twilio/voice`, params);
    const tampered = await fetch(`${base}/api/twilio/voice`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams({ ...params, From: '+15557770999' }).toString(),
    });
    expect(tampered.status).toBe(403);
    const stored = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, 'CAforged0001'));
    expect(stored).toEqual([]);
  });

  it('answers a signed webhook of the wrong shape with a 400 naming the field', async () => {
    const response = await webhook('/api/twilio/voice', {
      CallSid: 'CAbad0001',
      From: 'nobody',
      To: agentNumber,
    });
    expect(response.status).toBe(400);
    expect(response.body).toContain('From must be a phone number');
  });
});

describe('a call to an agent’s number', () => {
  it('tells a caller of a number no agent holds that it is not in service', async () => {
    const response = await webhook(
      '/api/twilio/voice',
      incomingCall('CAnobody0001', '+15557770202', '+15125550188'),
    );
    expect(response.status).toBe(200);
    expect(response.contentType).toContain('text/xml');
    expect(response.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>The number you have called is not in service. Goodbye.</Say><Hangup/></Response>',
    );
  });

  it('connects the call to a media stream with a single-use token; a replay of the webhook only hangs up', async () => {
    const response = await webhook('/api/twilio/voice', incomingCall('CAcall0001', '+15557770203'));
    expect(response.status).toBe(200);
    const match =
      /<Connect><Stream url="ws:\/\/127\.0\.0\.1:\d+\/api\/twilio\/stream"><Parameter name="callToken" value="([\w-]+)"\/><\/Stream><\/Connect>/.exec(
        response.body,
      );
    expect(match?.[1]).toBeTruthy();
    const replay = await webhook('/api/twilio/voice', incomingCall('CAcall0001', '+15557770203'));
    expect(replay.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');

    // The carrier opens the stream with the token: the agent greets in μ-law frames and marks the turn.
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/twilio/stream`);
    const received: Record<string, unknown>[] = [];
    socket.on('message', (data) =>
      received.push(JSON.parse((data as Buffer).toString('utf8')) as Record<string, unknown>),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
    socket.send(
      JSON.stringify({
        event: 'start',
        sequenceNumber: '1',
        streamSid: 'MZcall0001',
        start: {
          streamSid: 'MZcall0001',
          callSid: 'CAcall0001',
          accountSid,
          tracks: ['inbound'],
          mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
          customParameters: { callToken: match?.[1] ?? '' },
        },
      }),
    );
    await expect.poll(() => received.some((m) => m.event === 'mark'), { timeout: 20_000 }).toBe(true);
    expect(received.find((m) => m.event === 'media')).toMatchObject({ streamSid: 'MZcall0001' });
    socket.send(
      JSON.stringify({
        event: 'stop',
        sequenceNumber: '9',
        streamSid: 'MZcall0001',
        stop: { callSid: 'CAcall0001' },
      }),
    );
    socket.close();

    const [call] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, 'CAcall0001'));
    expect(call).toMatchObject({
      accountId: t.ids.agent1,
      direction: 'inbound',
      fromNumber: '+15557770203',
      streamTokenHash: null,
    });
    // The call is in the call log as a phone call from the caller to the agent.
    const logged = () =>
      t.db.select().from(conversationLogs).where(eq(conversationLogs.fromNumber, '+15557770203'));
    await expect.poll(async () => (await logged()).length, { timeout: 10_000 }).toBe(1);
    expect((await logged())[0]).toMatchObject({
      channel: 'phone',
      callId: 'CAcall0001',
      direction: 'inbound',
      toNumber: agentNumber,
      endedReason: 'caller',
    });

    // The same token cannot open a second stream.
    const again = new WebSocket(`${base.replace('http', 'ws')}/api/twilio/stream`);
    await new Promise((resolve) => again.once('open', resolve));
    const closed = new Promise((resolve) => again.once('close', resolve));
    again.send(
      JSON.stringify({
        event: 'start',
        streamSid: 'MZcall0002',
        start: {
          streamSid: 'MZcall0002',
          callSid: 'CAcall0001',
          customParameters: { callToken: match?.[1] ?? '' },
        },
      }),
    );
    await closed;
  });

  it('records each call status once', async () => {
    await webhook('/api/twilio/voice', incomingCall('CAstatus0001', '+15557770204'));
    const completed = {
      CallSid: 'CAstatus0001',
      AccountSid: accountSid,
      CallStatus: 'completed',
      CallDuration: '42',
    };
    expect((await webhook('/api/twilio/status', completed)).status).toBe(204);
    const [call] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, 'CAstatus0001'));
    expect(call).toMatchObject({ status: 'completed', durationSeconds: 42 });
    // A replay with other values changes nothing.
    await webhook('/api/twilio/status', { ...completed, CallDuration: '7' });
    const [after] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, 'CAstatus0001'));
    expect(after?.durationSeconds).toBe(42);
    // A ringing callback that arrives late does not bring the ended call back.
    expect((await webhook('/api/twilio/status', { ...completed, CallStatus: 'ringing' })).status).toBe(204);
    const [late] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, 'CAstatus0001'));
    expect(late?.status).toBe('completed');
    // Even when the late callback read the call before it ended, its write does not undo the end.
    await advanceCallStatus(t.db, 'CAstatus0001', 'in-progress', ['completed', 'busy'], null);
    const [raced] = await t.db.select().from(phoneCalls).where(eq(phoneCalls.callId, 'CAstatus0001'));
    expect(raced).toMatchObject({ status: 'completed', durationSeconds: 42 });
  });
});

describe('what the agent does to a call happens at the carrier', () => {
  async function answeredCall(from: string) {
    const call = fake.incomingCall(from, agentNumber);
    const answer = await webhook('/api/twilio/voice', {
      ...incomingCall(call.sid, from),
      CallStatus: 'ringing',
    });
    const token = /name="callToken" value="([\w-]+)"/.exec(answer.body)?.[1] ?? '';
    const stream = await connectTwilioMediaStream(`${base.replace('http', 'ws')}/api/twilio/stream`, {
      callSid: call.sid,
      customParameters: { callToken: token },
    });
    await expect.poll(() => stream.marks().length, { timeout: 20_000 }).toBeGreaterThan(0);
    return { call, stream };
  }

  it('a goodbye hangs the call up through the REST API', async () => {
    const { call, stream } = await answeredCall('+15557770211');
    words = "That's all, thanks. Bye!";
    stream.speak();
    await expect.poll(() => call.updates, { timeout: 20_000 }).toEqual([{ Status: 'completed' }]);
    stream.stop();
  });

  it('a transfer dials the destination with the caller’s number as caller id', async () => {
    const { call, stream } = await answeredCall('+15557770212');
    words = 'Can you transfer me to a person, please?';
    stream.speak();
    await expect.poll(() => stream.marks().length, { timeout: 20_000 }).toBeGreaterThan(1);
    if (call.updates.length === 0) {
      words = 'Yes please.';
      stream.speak();
    }
    await expect.poll(() => call.updates.length, { timeout: 20_000 }).toBe(1);
    expect(call.updates[0]?.Twiml).toContain('<Dial callerId="+15557770212">+15550100099</Dial>');
    stream.stop();
  });
});

describe('a text to an agent’s number', () => {
  const text = (messageSid: string, from: string, body: string) =>
    webhook('/api/twilio/sms', {
      MessageSid: messageSid,
      AccountSid: accountSid,
      From: from,
      To: agentNumber,
      Body: body,
    });
  const sentTo = (to: string) => [...fake.messages.values()].filter((m) => m.params.To === to);

  it('is answered by the agent from its number through the carrier, once per MessageSid', async () => {
    const response = await text('SMtext0001', '+15557770301', 'What are your opening hours?');
    expect(response.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    await t.services.background.drain();
    expect(sentTo('+15557770301')).toHaveLength(1);
    expect(sentTo('+15557770301')[0]?.params).toMatchObject({
      From: agentNumber,
      Body: 'We are open Monday to Friday from 9 am to 6 pm.',
    });
    await text('SMtext0001', '+15557770301', 'What are your opening hours?');
    await t.services.background.drain();
    expect(sentTo('+15557770301')).toHaveLength(1);
  });

  it('keeps an opt-out list: STOP silences the number for that contact, START lifts it, HELP says how', async () => {
    const contact = '+15557770302';
    await text('SMstop0001', contact, 'Stop');
    const optedOut = await t.db
      .select()
      .from(smsOptOuts)
      .where(and(eq(smsOptOuts.agentNumber, agentNumber), eq(smsOptOuts.contactNumber, contact)));
    expect(optedOut).toHaveLength(1);
    await text('SMstop0002', contact, 'What are your opening hours?');
    await t.services.background.drain();
    expect(sentTo(contact)).toEqual([]);

    const help = await text('SMstop0003', contact, 'HELP');
    expect(help.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Reply STOP to stop texts from this number, or START to receive them again.</Message></Response>',
    );
    await text('SMstop0004', contact, 'START');
    await text('SMstop0005', contact, 'What are your opening hours?');
    await t.services.background.drain();
    expect(sentTo(contact)).toHaveLength(1);
  });
});

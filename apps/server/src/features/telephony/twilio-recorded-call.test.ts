import { existsSync } from 'node:fs';
import {
  connectTwilioMediaStream,
  freePort,
  hasFlite,
  mulawFrames,
  speechWav,
  startApp,
  startFakeTwilioServer,
  type DemoApp,
  type FakeTwilioServer,
  type MediaStreamMessage,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationLogs, eq } from '@switchboard/db';
import { mulawDecode } from '../../media/g711';

// A caller's spoken question, played through a Twilio media stream the way the carrier sends it, heard and answered
// by the agent with the offline defaults: Silero VAD, pocketsphinx, the Sandbox model and flite.
const accountSid = 'AC00112233445566778899aabbccddeeff';
const authToken = 'twilio-recorded-call-token';
const agentNumber = '+14155550101';
const caller = '+15557770231';
const question = 'Where are you located?';

const installed = existsSync('/usr/bin/pocketsphinx_continuous') && hasFlite();

let t: DemoApp;
let fake: FakeTwilioServer;
let base: string;

beforeAll(async () => {
  if (!installed) return;
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
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const acme = await t.signIn('acme');
  const assigned = await acme.post(
    '/api/v2/phoneNumber/assign',
    { number: agentNumber, country: 'US' },
    { query: { targetAccountId: t.ids.agent1 } },
  );
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
}, 60_000);
afterAll(async () => {
  if (!installed) return;
  await t.close();
  await fake.close();
});

/** The μ-law payloads of the media frames among `messages`, decoded to 8 kHz PCM. */
function decodeMedia(messages: readonly MediaStreamMessage[]): Int16Array {
  const codes = messages
    .filter((message) => message.event === 'media')
    .map((message) => Buffer.from(String((message.media as { payload?: unknown }).payload), 'base64'));
  for (const frame of codes) expect(frame.length).toBe(160);
  return mulawDecode(new Uint8Array(Buffer.concat(codes)));
}

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

describe.skipIf(!installed)('a recorded question over a Twilio media stream', { timeout: 90_000 }, () => {
  it('is heard by the agent, answered in μ-law speech frames, and logged with both turns', async () => {
    // The recording as the carrier carries it: flite's voice at 8 kHz, μ-law, 20 ms frames, then the caller waits.
    const recording = await speechWav(question, {
      sampleRate: 8000,
      leadingSilenceMs: 300,
      trailingSilenceMs: 2_500,
    });
    const frames = mulawFrames(recording.samples);

    const call = fake.incomingCall(caller, agentNumber);
    const answer = await fake.sendWebhook(`${base}/api/twilio/voice`, {
      CallSid: call.sid,
      AccountSid: accountSid,
      From: caller,
      To: agentNumber,
      Direction: 'inbound',
      CallStatus: 'ringing',
    });
    expect(answer.status).toBe(200);
    const token = /name="callToken" value="([\w-]+)"/.exec(answer.body)?.[1] ?? '';
    expect(token).not.toBe('');
    const stream = await connectTwilioMediaStream(`${base.replace('http', 'ws')}/api/twilio/stream`, {
      callSid: call.sid,
      customParameters: { callToken: token },
    });

    // The greeting plays to its mark (echoed as heard); then the caller asks.
    await expect.poll(() => stream.marks().length, { timeout: 30_000 }).toBe(1);
    const afterGreeting = stream.received.length;
    expect(decodeMedia(stream.received).length).toBeGreaterThan(8000);
    await stream.play(frames);

    // The answer comes back as media frames closed by the turn's mark.
    await expect.poll(() => stream.marks().length, { timeout: 45_000 }).toBe(2);
    const reply = stream.received.slice(afterGreeting);
    expect(reply.at(-1)?.event).toBe('mark');
    expect(reply.every((message) => message.streamSid === stream.streamSid)).toBe(true);
    const audio = decodeMedia(reply);
    stream.stop();

    // The log has the caller's question as the recogniser heard it and the agent's answer from its prompt.
    const logged = () => t.db.select().from(conversationLogs).where(eq(conversationLogs.fromNumber, caller));
    await expect.poll(async () => (await logged()).length, { timeout: 15_000 }).toBe(1);
    const [log] = await logged();
    expect(log).toMatchObject({
      channel: 'phone',
      callId: call.sid,
      direction: 'inbound',
      endedReason: 'caller',
    });
    const turns = (log?.transcript ?? []).filter((entry) => entry.text.trim() !== '');
    const asked = turns.findIndex((entry) => entry.role === 'contact');
    expect(turns[asked]?.text.toLowerCase()).toContain('where are you located');
    const answered = turns.slice(asked + 1).find((entry) => entry.role === 'agent');
    expect(answered?.text).toContain('120 Main Street');
    expect(turns[0]?.role).toBe('agent');

    // What came back is speech of a plausible length for that answer: flite speaks some 10 to 25 characters a
    // second, at speech level, with the pauses between words and a voice's low zero-crossing rate.
    const seconds = audio.length / 8000;
    const characters = answered?.text.length ?? 0;
    expect(seconds).toBeGreaterThan(characters / 25);
    expect(seconds).toBeLessThan(characters / 10 + 1);
    const levels = frameLevels(audio);
    const loud = levels.filter((level) => level > -35).length / levels.length;
    const quiet = levels.filter((level) => level < -50).length / levels.length;
    expect(loud).toBeGreaterThan(0.4);
    expect(quiet).toBeGreaterThan(0.02);
    expect(Math.max(...levels)).toBeLessThan(-1);
    const zcr = zeroCrossingRate(audio);
    expect(zcr).toBeGreaterThan(0.02);
    expect(zcr).toBeLessThan(0.35);
  });
});

import { startApp, type DemoApp } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantSpeechProviders } from '../providers/shared/speech-providers';
import { loggedConversation, openSession, utteranceFrames } from './session-client.test-support';

// Turn-taking on voice calls follows the agent's call settings: silence check-ins, and when the caller may
// interrupt (interruptionMinimumSpeakingTime, interruptionWordCount).

let t: DemoApp;
let token: string;
let agent1: number;
/** What the recogniser hears next, one entry an utterance. */
let transcripts: string[];
let speech: ReturnType<typeof instantSpeechProviders>;

beforeAll(async () => {
  transcripts = [];
  speech = instantSpeechProviders({ transcripts: () => transcripts.shift() ?? '' });
  t = await startApp({ speech });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = (await t.signIn('acme')).token;
  agent1 = t.ids.agent1;
});
afterAll(async () => t.close());

async function configure(settings: Record<string, number>) {
  const saved = await t.client(token).post('/api/v2/campaign', settings, { targetAccountId: agent1 });
  expect(saved.status, saved.text).toBe(200);
}

describe('a caller who goes silent on a voice call', () => {
  beforeAll(() => configure({ callerResponseTimeout: 1, callerResponseTimeoutHangupCounter: 1 }));

  it('is asked whether they are still there, then the agent says goodbye and the call ends as a timeout', async () => {
    const session = await openSession(t, token);
    session.send({ type: 'start', agentAccountId: agent1, mode: 'voice', config: 'staging' });
    const ready = await session.next('ready');
    const greeting = await session.next('agent-text');
    const greetingAudio = await session.next('audio-end');
    session.send({ type: 'played', turnId: greetingAudio.turnId });
    const startedWaiting = performance.now();

    const checkIn = await session.next('agent-text', (m) => m.turnId !== greeting.turnId);
    expect(checkIn.text).toBe('Are you still there?');
    // Not before the configured second of silence.
    expect(performance.now() - startedWaiting).toBeGreaterThanOrEqual(900);
    const checkInAudio = await session.next('audio-end', (m) => m.turnId === checkIn.turnId);
    session.send({ type: 'played', turnId: checkInAudio.turnId });

    const goodbye = await session.next(
      'agent-text',
      (m) => m.turnId !== checkIn.turnId && m.turnId !== greeting.turnId,
    );
    expect(goodbye.text).toBe("I haven't heard from you, so I'll end the call now. Goodbye!");
    const goodbyeAudio = await session.next('audio-end', (m) => m.turnId === goodbye.turnId);
    session.send({ type: 'played', turnId: goodbyeAudio.turnId });
    expect(await session.next('ended')).toEqual({ type: 'ended', reason: 'timeout', transfer: null });
    const log = await loggedConversation(t, ready.conversationUuid);
    expect(log?.endedReason).toBe('timeout');
    expect(log?.transcript.map((entry) => entry.text)).toEqual([
      greeting.text,
      'Are you still there?',
      "I haven't heard from you, so I'll end the call now. Goodbye!",
    ]);
  });
});

describe('interrupting the agent', () => {
  it('takes as many words as interruptionWordCount: an "okay" over the agent is not an interruption', async () => {
    await configure({
      interruptionMinimumSpeakingTime: 0,
      interruptionWordCount: 3,
      callerResponseTimeout: 60,
    });
    transcripts.splice(0, transcripts.length, 'okay', 'what are your opening hours');
    const session = await openSession(t, token);
    session.send({ type: 'start', agentAccountId: agent1, mode: 'voice', config: 'staging' });
    await session.next('ready');
    const greeting = await session.next('agent-text');
    await session.next('audio-end'); // the greeting is playing (no `played` yet)

    const heardBefore = speech.stt.heard;
    for (const frame of utteranceFrames()) session.socket.send(frame);
    // The acknowledgement was heard (the recogniser ran) and ignored: no barge-in, no answer.
    await expect.poll(() => speech.stt.heard).toBe(heardBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.received.some((m) => m.type === 'barge-in')).toBe(false);
    expect(session.received.some((m) => m.type === 'user-text')).toBe(false);

    for (const frame of utteranceFrames()) session.socket.send(frame);
    await session.next('barge-in');
    const heard = await session.next('user-text', (m) => m.final);
    expect(heard.text).toBe('what are your opening hours');
    const answer = await session.next('agent-text', (m) => m.turnId !== greeting.turnId);
    expect(answer.text).toBe('We are open Monday to Friday from 9 am to 6 pm.');
    session.socket.close();
  });

  it('cannot be interrupted in its first interruptionMinimumSpeakingTime seconds; the caller is answered after', async () => {
    await configure({
      interruptionMinimumSpeakingTime: 30,
      interruptionWordCount: 1,
      callerResponseTimeout: 60,
    });
    transcripts.splice(0, transcripts.length, 'what are your opening hours');
    const session = await openSession(t, token);
    session.send({ type: 'start', agentAccountId: agent1, mode: 'voice', config: 'staging' });
    await session.next('ready');
    const greeting = await session.next('agent-text');
    const greetingAudio = await session.next('audio-end');

    for (const frame of utteranceFrames()) session.socket.send(frame);
    const heard = await session.next('user-text', (m) => m.final);
    expect(heard.text).toBe('what are your opening hours');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.received.some((m) => m.type === 'barge-in')).toBe(false);
    expect(session.received.some((m) => m.type === 'agent-text' && m.turnId !== greeting.turnId)).toBe(false);

    // Once the greeting has played, the held question is answered.
    session.send({ type: 'played', turnId: greetingAudio.turnId });
    const answer = await session.next('agent-text', (m) => m.turnId !== greeting.turnId);
    expect(answer.text).toBe('We are open Monday to Friday from 9 am to 6 pm.');
    session.socket.close();
  });
});

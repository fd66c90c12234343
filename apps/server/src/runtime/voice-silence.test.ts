import { seedDemoData } from '@switchboard/db';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantSpeechProviders } from '../providers/speech-config';
import { accountId, loggedConversation, openSession } from './session-client.test-support';

describe('a caller who goes silent on a voice call', () => {
  let t: TestApp;
  let token: string;
  let agent1: number;

  beforeAll(async () => {
    t = await createTestApp({ speech: instantSpeechProviders({ transcripts: [] }) });
    await seedDemoData(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await signInByEmail(t.app, demoEmail('acme'))).token;
    agent1 = await accountId(t, 'agent1');
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/v2/campaign?token=${token}&targetAccountId=${agent1}`,
      payload: { callerResponseTimeout: 1, callerResponseTimeoutHangupCounter: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => t.close());

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

import { agentConfigSchema } from '@switchboard/contract';
import { hasFlite, speechWav, startApp, type DemoApp } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScriptedStt } from '../providers/stt/scripted';
import type { SpeechToText } from '../providers/stt/types';
import { SilentTts } from '../providers/tts/silent';
import { createSileroVadFactory } from '../providers/vad/silero';
import { openSession } from './session-client.test-support';

// The end of the caller's turn on a voice call: after speech, the agent takes its turn once speakingTimeout of
// silence has passed (700 ms at most by default). Measured on the runtime with synthesized speech streamed in real
// time through the production voice activity detector, from the caller's last voiced sample to the moment the
// recogniser is asked for the final transcript (the turn has ended and the answer is being made).

const FRAME = 320; // 20 ms at 16 kHz
let t: DemoApp;
let token: string;
/** When the pipeline closed each utterance and asked for its transcript. */
const finishedAt: number[] = [];

beforeAll(async () => {
  const scripted = new ScriptedStt(['what are your opening hours', 'do you take walk-ins']);
  const stt: SpeechToText = {
    name: scripted.name,
    sandbox: true,
    unavailableReason: () => Promise.resolve(null),
    openStream: (options) => {
      const inner = scripted.openStream(options);
      return {
        write: (pcm) => inner.write(pcm),
        abort: () => inner.abort(),
        finish: () => {
          finishedAt.push(performance.now());
          return inner.finish();
        },
      };
    },
  };
  t = await startApp({ speech: { stt, tts: new SilentTts(), vad: createSileroVadFactory() } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = (await t.signIn('acme')).token;
});
afterAll(async () => t.close());

/** Streams audio as a caller's microphone does: one 20 ms frame every 20 ms; resolves with each frame's send time. */
async function streamRealTime(send: (frame: Buffer) => void, samples: Int16Array): Promise<number[]> {
  const sentAt: number[] = [];
  const began = performance.now();
  for (let index = 0; index * FRAME < samples.length; index++) {
    const due = began + index * 20;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const frame = samples.slice(index * FRAME, (index + 1) * FRAME);
    send(Buffer.from(frame.buffer));
    sentAt.push(performance.now());
  }
  return sentAt;
}

describe.skipIf(!hasFlite())('the end of the caller’s turn', { timeout: 30_000 }, () => {
  it('is at most 700 ms of silence by default, a setting of the agent', () => {
    expect(agentConfigSchema.parse({}).speakingTimeout).toBeLessThanOrEqual(700);
  });

  it('comes within 700 ms of silence after a question, measured in real time', async () => {
    const session = await openSession(t, token);
    session.send({ type: 'start', agentAccountId: t.ids.agent1, mode: 'voice', config: 'staging' });
    await session.next('ready');
    const greeting = await session.next('agent-text');
    const greetingAudio = await session.next('audio-end');
    session.send({ type: 'played', turnId: greetingAudio.turnId });

    const waits: number[] = [];
    for (const [index, text] of ['What are your opening hours?', 'Do you take walk-ins?'].entries()) {
      const wav = await speechWav(text, { leadingSilenceMs: 200, trailingSilenceMs: 1000 });
      const sentAt = await streamRealTime((frame) => session.socket.send(frame), wav.samples);
      const heard = await session.next('user-text', (m) => m.final);
      expect(heard.text).toBe(index === 0 ? 'what are your opening hours' : 'do you take walk-ins');
      // The frame holding the last voiced sample has been sent: the silence starts there.
      const lastVoicedFrame = Math.floor((wav.speechEndMs * 16) / FRAME);
      const silenceBegan = sentAt[lastVoicedFrame] ?? Number.NaN;
      const closed = finishedAt[index] ?? Number.NaN;
      waits.push(closed - silenceBegan);
      const answer = await session.next('agent-text', (m) => m.turnId !== greeting.turnId);
      const answerAudio = await session.next('audio-end', (m) => m.turnId === answer.turnId);
      session.send({ type: 'played', turnId: answerAudio.turnId });
    }
    // eslint-disable-next-line no-console -- the measurement belongs in the run's output
    console.log(
      `end of turn after speech: ${waits.map((ms) => `${Math.round(ms)} ms`).join(', ')} of silence`,
    );
    for (const wait of waits) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(700);
    }
    session.socket.close();
  });
});

import { startFakeDeepgramServer } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeepgramStt } from './deepgram';
import { IDLE_MESSAGE, STREAM_IDLE_MS } from './idle-timer';

describe('Deepgram streaming recognition (against a wire-level fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeDeepgramServer>>;
  beforeAll(async () => {
    fake = await startFakeDeepgramServer({
      apiKey: 'dg-test-key',
      transcribe: (session) => `I heard ${session.audio.length / 2} samples.`,
    });
  });
  afterAll(() => fake.close());

  it('streams linear16 at the stream rate with its key and gathers interim and final results', async () => {
    const stt = new DeepgramStt({ apiKey: 'dg-test-key', url: fake.url });
    expect(await stt.unavailableReason()).toBeNull();
    const partials: string[] = [];
    const stream = stt.openStream({
      sampleRate: 8000,
      language: 'en-US',
      onPartial: (text) => partials.push(text),
    });
    // Written before the socket is open: buffered, then sent in order.
    for (let i = 0; i < 75; i++) stream.write(new Int16Array(160).fill(i));
    const transcript = await stream.finish();
    expect(transcript.text).toBe('I heard 12000 samples.');
    expect(transcript.audioSeconds).toBe(1.5);
    const session = fake.sessions.at(-1)!;
    expect(Object.fromEntries(session.query)).toMatchObject({
      encoding: 'linear16',
      sample_rate: '8000',
      channels: '1',
      interim_results: 'true',
      language: 'en-US',
    });
    expect(session.audio.length).toBe(24000);
    expect(session.audio.readInt16LE(2 * 160 * 74)).toBe(74);
    expect(session.controls).toEqual(['CloseStream']);
    expect(partials).toEqual(['um', 'um um', 'um um um', 'I heard 12000 samples.']);
  });

  it('says the key was refused', async () => {
    const stream = new DeepgramStt({ apiKey: 'wrong', url: fake.url }).openStream({
      sampleRate: 16000,
      language: 'en-US',
    });
    stream.write(new Int16Array(320));
    await expect(stream.finish()).rejects.toThrow('Deepgram refused the API key: Invalid credentials.');
  });

  it('passes on an error Deepgram reports', async () => {
    const failing = await startFakeDeepgramServer({ apiKey: 'k', failWith: 'Failed to process audio.' });
    try {
      const stream = new DeepgramStt({ apiKey: 'k', url: failing.url }).openStream({
        sampleRate: 16000,
        language: 'en-US',
      });
      stream.write(new Int16Array(320));
      await expect(stream.finish()).rejects.toThrow('Deepgram reported an error: Failed to process audio.');
    } finally {
      await failing.close();
    }
  });

  it('says when the server cannot be reached', async () => {
    const stream = new DeepgramStt({ apiKey: 'k', url: 'ws://127.0.0.1:9' }).openStream({
      sampleRate: 16000,
      language: 'en-US',
    });
    await expect(stream.finish()).rejects.toThrow(/^Deepgram connection failed: connect ECONNREFUSED/);
  });

  it('closes a stream left without audio, so a forgotten one holds no connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stream = new DeepgramStt({ apiKey: 'dg-test-key', url: fake.url }).openStream({
        sampleRate: 16000,
        language: 'en-US',
      });
      stream.write(new Int16Array(320));
      vi.advanceTimersByTime(STREAM_IDLE_MS - 1000);
      stream.write(new Int16Array(320));
      vi.advanceTimersByTime(STREAM_IDLE_MS - 1000);
      stream.write(new Int16Array(320));
      vi.advanceTimersByTime(STREAM_IDLE_MS);
      await expect(stream.finish()).rejects.toThrow(IDLE_MESSAGE);
    } finally {
      vi.useRealTimers();
    }
  });

  it('needs a key', async () => {
    expect(await new DeepgramStt({ apiKey: '' }).unavailableReason()).toBe(
      'Deepgram speech recognition needs DEEPGRAM_API_KEY',
    );
  });
});

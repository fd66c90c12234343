import { startFakeTtsServer } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatPcm16 } from '../../media/pcm';
import { elevenLabsVoiceFor, ElevenLabsTts } from './elevenlabs';
import { OpenAiTts, openAiVoiceFor } from './openai';
import type { SynthesisOptions, TextToSpeech } from './types';

async function collect(tts: TextToSpeech, text: string, options: SynthesisOptions) {
  const chunks: Int16Array[] = [];
  for await (const chunk of tts.synthesize(text, options)) chunks.push(chunk);
  return chunks;
}

/** Frequency from zero crossings, ignoring the resampler's edges. */
function frequency(samples: Int16Array, sampleRate: number): number {
  const middle = samples.subarray(samples.length / 10, (samples.length * 9) / 10);
  let crossings = 0;
  for (let i = 1; i < middle.length; i++) if (middle[i - 1]! < 0 !== middle[i]! < 0) crossings++;
  return (crossings / 2) * (sampleRate / middle.length);
}

const text = 'Your table for four is booked for seven tonight.';

describe('ElevenLabs (against a wire-level fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeTtsServer>>;
  beforeAll(async () => {
    fake = await startFakeTtsServer({ vendor: 'elevenlabs', apiKey: 'el-key' });
  });
  afterAll(() => fake.close());

  it('asks for raw PCM at the requested rate with the mapped voice, and streams it', async () => {
    const tts = new ElevenLabsTts({ apiKey: 'el-key', url: fake.url });
    const chunks = await collect(tts, text, { voice: 'Asteria', language: 'en-US', sampleRate: 8000 });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe(`/v1/text-to-speech/${elevenLabsVoiceFor('Asteria')}/stream`);
    expect(request.query.get('output_format')).toBe('pcm_8000');
    expect(request.body).toMatchObject({ text, model_id: 'eleven_flash_v2_5', language_code: 'en' });
    expect(chunks.length).toBeGreaterThan(3);
    const audio = concatPcm16(chunks);
    expect(audio.length).toBe(Math.round(text.length * 0.05 * 8000));
    expect(frequency(audio, 8000)).toBeCloseTo(440, -1);
  });

  it('resamples from 16 kHz when the rate is not one it streams', async () => {
    const tts = new ElevenLabsTts({ apiKey: 'el-key', url: fake.url });
    const audio = concatPcm16(
      await collect(tts, text, { voice: 'Orion', language: 'multi', sampleRate: 32000 }),
    );
    expect(fake.requests.at(-1)!.query.get('output_format')).toBe('pcm_16000');
    expect(fake.requests.at(-1)!.body.language_code).toBeUndefined();
    expect(Math.abs(audio.length - text.length * 0.05 * 32000)).toBeLessThanOrEqual(2);
    expect(frequency(audio, 32000)).toBeCloseTo(440, -1);
  });

  it('says the key was refused', async () => {
    const tts = new ElevenLabsTts({ apiKey: 'wrong', url: fake.url });
    await expect(
      collect(tts, text, { voice: 'Asteria', language: 'en-US', sampleRate: 16000 }),
    ).rejects.toThrow('ElevenLabs speech synthesis refused the API key (HTTP 401): Invalid API key');
  });

  it('maps the catalogue by gender and age, passing voice ids through', () => {
    expect(elevenLabsVoiceFor('Asteria')).not.toBe(elevenLabsVoiceFor('Orion'));
    expect(elevenLabsVoiceFor('21m00Tcm4TlvDq8ikWAM')).toBe('21m00Tcm4TlvDq8ikWAM');
  });
});

describe('OpenAI text-to-speech (against a wire-level fake)', () => {
  let fake: Awaited<ReturnType<typeof startFakeTtsServer>>;
  beforeAll(async () => {
    fake = await startFakeTtsServer({ vendor: 'openai', apiKey: 'sk-test', chunkDelayMs: 20 });
  });
  afterAll(() => fake.close());

  it('posts to /audio/speech for 24 kHz PCM and hands it over at the requested rate', async () => {
    const tts = new OpenAiTts({ apiKey: 'sk-test', baseUrl: `${fake.url}/v1` });
    const audio = concatPcm16(
      await collect(tts, text, { voice: 'Orion', language: 'en-US', sampleRate: 8000 }),
    );
    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({
      input: text,
      voice: openAiVoiceFor('Orion'),
      response_format: 'pcm',
    });
    expect(Math.abs(audio.length - text.length * 0.05 * 8000)).toBeLessThanOrEqual(1);
    expect(frequency(audio, 8000)).toBeCloseTo(440, -1);
  });

  it('stops streaming when aborted', async () => {
    const controller = new AbortController();
    const tts = new OpenAiTts({ apiKey: 'sk-test', baseUrl: `${fake.url}/v1` });
    let samples = 0;
    for await (const chunk of tts.synthesize(text, {
      voice: 'nova',
      language: 'en-US',
      sampleRate: 24000,
      signal: controller.signal,
    })) {
      samples += chunk.length;
      controller.abort();
    }
    expect(samples).toBeGreaterThan(0);
    expect(samples).toBeLessThan(text.length * 0.05 * 24000);
  });

  it('says what failed', async () => {
    const tts = new OpenAiTts({ apiKey: 'sk-wrong', baseUrl: `${fake.url}/v1` });
    await expect(collect(tts, text, { voice: 'nova', language: 'en-US', sampleRate: 16000 })).rejects.toThrow(
      'OpenAI speech synthesis refused the API key (HTTP 401): Incorrect API key provided',
    );
    const unreachable = new OpenAiTts({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1' });
    await expect(
      collect(unreachable, text, { voice: 'nova', language: 'en-US', sampleRate: 16000 }),
    ).rejects.toThrow('OpenAI speech synthesis could not be reached: fetch failed');
    expect(await new OpenAiTts({ apiKey: '' }).unavailableReason()).toBe(
      'OpenAI speech synthesis needs OPENAI_API_KEY',
    );
  });
});

import { startFakeDeepgramServer, startFakeTtsServer } from '@switchboard/testing';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config';
import { concatPcm16 } from '../../media/pcm';
import { createSpeechProviders, instantSpeechProviders } from './speech-providers';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('speech configuration', () => {
  it('is offline by default: pocketsphinx, flite, Silero', () => {
    const { speech } = loadConfig({});
    expect(speech).toEqual({
      stt: { provider: 'sandbox' },
      tts: { provider: 'sandbox' },
      vad: { provider: 'silero' },
    });
    const providers = createSpeechProviders(speech);
    expect([providers.stt.name, providers.tts.name, providers.vad.name]).toEqual([
      'pocketsphinx',
      'flite',
      'silero',
    ]);
    expect(providers.stt.sandbox && providers.tts.sandbox).toBe(true);
  });

  it('uses a vendor when its key is set, unless a provider is named', () => {
    const env = { DEEPGRAM_API_KEY: 'dg', ELEVENLABS_API_KEY: 'el', OPENAI_API_KEY: 'sk' };
    expect(loadConfig(env).speech).toMatchObject({
      stt: { provider: 'deepgram', apiKey: 'dg' },
      tts: { provider: 'elevenlabs', apiKey: 'el' },
    });
    expect(
      loadConfig({ ...env, STT_PROVIDER: 'sandbox', TTS_PROVIDER: 'openai', VAD_PROVIDER: 'energy' }).speech,
    ).toEqual({
      stt: { provider: 'sandbox' },
      tts: { provider: 'openai', apiKey: 'sk', baseUrl: 'https://api.openai.com/v1' },
      vad: { provider: 'energy' },
    });
    // An OpenAI key alone is the language model's: speech stays offline.
    expect(loadConfig({ OPENAI_API_KEY: 'sk' }).speech.tts).toEqual({ provider: 'sandbox' });
    // A local OpenAI-compatible speech server needs no key.
    expect(
      loadConfig({ TTS_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1/' }).speech.tts,
    ).toEqual({
      provider: 'openai',
      apiKey: 'not-needed',
      baseUrl: 'http://127.0.0.1:8000/v1',
    });
  });

  it('names every bad or missing variable', () => {
    expect(problems({ STT_PROVIDER: 'whisper', TTS_PROVIDER: 'polly', VAD_PROVIDER: 'webrtc' })).toEqual([
      'STT_PROVIDER must be sandbox or deepgram',
      'TTS_PROVIDER must be sandbox, elevenlabs or openai',
      'VAD_PROVIDER must be silero or energy',
    ]);
    expect(problems({ STT_PROVIDER: 'deepgram', TTS_PROVIDER: 'elevenlabs' })).toEqual([
      'DEEPGRAM_API_KEY is required when STT_PROVIDER is deepgram',
      'ELEVENLABS_API_KEY is required when TTS_PROVIDER is elevenlabs',
    ]);
    expect(problems({ TTS_PROVIDER: 'openai' })).toEqual([
      'OPENAI_API_KEY is required when TTS_PROVIDER is openai and speaks through api.openai.com',
    ]);
    expect(problems({ DEEPGRAM_URL: 'https://example.com', ELEVENLABS_URL: 'ftp://x' })).toEqual([
      'DEEPGRAM_URL must be a ws:// or wss:// URL',
      'ELEVENLABS_URL must be an http:// or https:// URL',
    ]);
  });

  it('reaches the vendors named by the URL overrides', async () => {
    const deepgram = await startFakeDeepgramServer({
      apiKey: 'dg',
      transcribe: () => 'opening hours please',
    });
    const elevenlabs = await startFakeTtsServer({ vendor: 'elevenlabs', apiKey: 'el' });
    try {
      const { speech } = loadConfig({
        DEEPGRAM_API_KEY: 'dg',
        DEEPGRAM_URL: deepgram.url,
        ELEVENLABS_API_KEY: 'el',
        ELEVENLABS_URL: elevenlabs.url,
      });
      const { stt, tts } = createSpeechProviders(speech);
      const stream = stt.openStream({ sampleRate: 16000, language: 'en-US' });
      stream.write(new Int16Array(3200));
      expect((await stream.finish()).text).toBe('opening hours please');
      const chunks: Int16Array[] = [];
      for await (const chunk of tts.synthesize('Hello.', {
        voice: 'Luna',
        language: 'en-US',
        sampleRate: 16000,
      })) {
        chunks.push(chunk);
      }
      expect(concatPcm16(chunks).length).toBe(4800); // the fake speaks 50 ms a character
    } finally {
      await deepgram.close();
      await elevenlabs.close();
    }
  });
});

describe('instant speech providers', () => {
  it('recognise the scripted lines in order, speak silence at once, and detect by energy', async () => {
    const { stt, tts, vad } = instantSpeechProviders({ transcripts: ['Hi there', 'Book a table'] });
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const stream = stt.openStream({ sampleRate: 8000, language: 'en-US' });
      stream.write(new Int16Array(800));
      const transcript = await stream.finish();
      texts.push(transcript.text);
      expect(transcript.audioSeconds).toBe(0.1);
    }
    expect(texts).toEqual(['Hi there', 'Book a table', '']);
    expect(stt.heard).toBe(3);

    const chunks: Int16Array[] = [];
    for await (const chunk of tts.synthesize('Twenty characters!!', {
      voice: 'Asteria',
      language: 'en-US',
      sampleRate: 8000,
    })) {
      chunks.push(chunk);
    }
    // 100 ms chunks of silence (the last one shorter), as long as the text takes to say at 60 ms a character.
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === 800)).toBe(true);
    expect(chunks.every((chunk) => chunk.length > 0 && chunk.every((sample) => sample === 0))).toBe(true);
    const samples = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    expect((samples / 8000) * 1000).toBe(Math.ceil((19 * 60) / 20) * 20);
    expect(vad.name).toBe('energy');
  });

  it('can script from the audio itself', async () => {
    const { stt } = instantSpeechProviders({ transcripts: ({ audio }) => `${audio.length} samples` });
    const stream = stt.openStream({ sampleRate: 16000, language: 'en-US' });
    stream.write(new Int16Array(100));
    stream.write(new Int16Array(60));
    expect((await stream.finish()).text).toBe('160 samples');
  });

  it('stop speaking when aborted', async () => {
    const { tts } = instantSpeechProviders();
    const controller = new AbortController();
    let frames = 0;
    for await (const _ of tts.synthesize('A long sentence that would take a while to say.', {
      voice: 'Asteria',
      language: 'en-US',
      sampleRate: 16000,
      signal: controller.signal,
    })) {
      if (++frames === 5) controller.abort();
    }
    expect(frames).toBe(5);
  });
});

import { hasFlite, speechWav } from '@switchboard/testing';
import { describe, expect, it } from 'vitest';
import { concatPcm16, rms } from '../../media/pcm';
import { energyVadFactory } from './energy';
import { createSileroVadFactory, loadSileroModel, SileroClassifier } from './silero';
import type { VadEvent, VadFactory, VadOptions } from './types';

const sileroWarnings: unknown[] = [];
// A Silero factory that fell back to the energy detector would pass for it: the warnings are checked below.
const factories: VadFactory[] = [
  createSileroVadFactory({ warn: (...args: unknown[]) => sileroWarnings.push(args) }),
  energyVadFactory,
];

/** Feeds the audio in 20 ms chunks, as a call delivers it, then flushes. */
async function detect(factory: VadFactory, audio: Int16Array, options: Partial<VadOptions> = {}) {
  const vad = await factory.create({ sampleRate: 16000, silenceMs: 700, ...options });
  const events: VadEvent[] = [];
  for (let offset = 0; offset < audio.length; offset += 320) {
    events.push(...(await vad.push(audio.subarray(offset, offset + 320))));
  }
  events.push(...(await vad.flush()));
  return events;
}

function whiteNoise(samples: number, dbfs: number, seed = 1): Int16Array {
  let state = seed;
  const amplitude = 32768 * 10 ** (dbfs / 20) * Math.sqrt(3);
  return Int16Array.from({ length: samples }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.round((state / 2147483648 - 0.5) * 2 * amplitude);
  });
}

describe.skipIf(!hasFlite())('voice activity detection on flite speech', () => {
  describe.each(factories)('$name', (factory) => {
    it('reports one utterance with its timing and its audio, pre-roll included', async () => {
      const wav = await speechWav('What are your opening hours?', {
        leadingSilenceMs: 1000,
        trailingSilenceMs: 1500,
      });
      const events = await detect(factory, wav.samples, { silenceMs: 700 });
      expect(events.map((event) => event.type)).toEqual(['speech-start', 'speech-end']);
      const [start, end] = events as [VadEvent, Extract<VadEvent, { type: 'speech-end' }>];
      expect(start.atMs).toBeGreaterThan(wav.speechStartMs - 100);
      expect(start.atMs).toBeLessThan(wav.speechStartMs + 100);
      expect(end.atMs).toBeGreaterThan(wav.speechEndMs + 700 - 100);
      expect(end.atMs).toBeLessThan(wav.speechEndMs + 700 + 250);
      const audioMs = end.audio.length / 16;
      const speechMs = wav.speechEndMs - wav.speechStartMs;
      expect(audioMs).toBeGreaterThan(speechMs + 200);
      expect(audioMs).toBeLessThan(speechMs + 300 + 150 + 200);
      // The utterance holds the voice itself: its first 300 ms are the quiet pre-roll, then the speech.
      const voice = wav.samples.subarray((wav.speechStartMs * 16) | 0, (wav.speechEndMs * 16) | 0);
      expect(rms(end.audio)).toBeGreaterThan(rms(voice) * 0.8);
      expect(rms(end.audio.subarray(0, 16 * 150))).toBeLessThan(rms(voice) / 100);
    });

    it('hands over the audio so far at speech start, so recognition can run while the caller speaks', async () => {
      const wav = await speechWav('What are your opening hours?', {
        leadingSilenceMs: 1000,
        trailingSilenceMs: 1500,
      });
      const vad = await factory.create({ sampleRate: 16000, silenceMs: 700 });
      // Uneven pushes (30 ms), so frames and pushes do not line up.
      const streamed: Int16Array[] = [];
      let end: Extract<VadEvent, { type: 'speech-end' }> | undefined;
      for (let offset = 0; offset < wav.samples.length && !end; offset += 480) {
        const pcm = wav.samples.subarray(offset, offset + 480);
        const events = await vad.push(pcm);
        const start = events.find((event) => event.type === 'speech-start');
        end = events.find((event) => event.type === 'speech-end');
        if (start) {
          expect(start.audio).toBeDefined();
          streamed.push(start.audio!);
        } else if (streamed.length > 0 && !end) streamed.push(pcm);
      }
      // What the recogniser was given is the utterance, plus the trailing silence up to the decision.
      const utterance = end!.audio;
      const given = concatPcm16(streamed);
      expect(given.subarray(0, utterance.length)).toEqual(utterance);
    });

    it('splits two sentences at a pause longer than the silence, and joins them at a shorter one', async () => {
      const first = await speechWav('I would like to book a table.', { trailingSilenceMs: 1200 });
      const second = await speechWav('For four people, please.', { trailingSilenceMs: 1000 });
      const audio = concatPcm16([new Int16Array(8000), first.samples, second.samples]);
      const pauseMs = first.samples.length / 16 - first.speechEndMs + second.speechStartMs;
      expect(pauseMs).toBeGreaterThan(1200);
      expect(pauseMs).toBeLessThan(1600);
      const split = await detect(factory, audio, { silenceMs: 600 });
      expect(split.map((event) => event.type)).toEqual([
        'speech-start',
        'speech-end',
        'speech-start',
        'speech-end',
      ]);
      const joined = await detect(factory, audio, { silenceMs: 2000 });
      expect(joined.map((event) => event.type)).toEqual(['speech-start', 'speech-end']);
    });

    it('calls speech shorter than minSpeechMs a misfire', async () => {
      const wav = await speechWav('Yes.', { leadingSilenceMs: 500, trailingSilenceMs: 1000 });
      const events = await detect(factory, wav.samples, { silenceMs: 700, minSpeechMs: 1500 });
      expect(events.map((event) => event.type)).toEqual(['speech-start', 'misfire']);
      // A blip is called as soon as a short gap follows it, before the turn silence.
      expect(events[1]!.atMs).toBeLessThan(wav.speechEndMs + 700);
    });

    it('ends an open utterance when the stream ends', async () => {
      const wav = await speechWav('Please hold on a moment while I check.', { leadingSilenceMs: 500 });
      const events = await detect(factory, wav.samples.subarray(0, wav.samples.length - 4000));
      expect(events.map((event) => event.type)).toEqual(['speech-start', 'speech-end']);
    });

    it('finds the speech in steady background noise', async () => {
      const wav = await speechWav('Can you call me back tomorrow morning?', {
        leadingSilenceMs: 1500,
        trailingSilenceMs: 1500,
      });
      const noise = whiteNoise(wav.samples.length, -50);
      const noisy = wav.samples.map((sample, i) => Math.max(-32768, Math.min(32767, sample + noise[i]!)));
      const events = await detect(factory, noisy, { silenceMs: 700 });
      expect(events.map((event) => event.type)).toEqual(['speech-start', 'speech-end']);
      expect(Math.abs(events[0]!.atMs - wav.speechStartMs)).toBeLessThan(150);
    });
  });
});

describe.skipIf(!hasFlite())('the Silero model', () => {
  it('loads, and scores speech high and silence low', async () => {
    const classifier = new SileroClassifier(await loadSileroModel());
    const wav = await speechWav('Good afternoon, how can I help?', { leadingSilenceMs: 640 });
    const scores: number[] = [];
    for (let offset = 0; offset + 512 <= wav.samples.length; offset += 512) {
      scores.push(await classifier.classify(wav.samples.subarray(offset, offset + 512)));
    }
    expect(Math.max(...scores.slice(0, 15))).toBeLessThan(0.1);
    expect(scores.filter((score) => score > 0.5).length).toBeGreaterThan(scores.length / 3);
    expect(sileroWarnings).toEqual([]);
  });
});

describe('energy detector', () => {
  it('calls a 60 ms click a misfire and stays quiet on silence', async () => {
    const click = concatPcm16([new Int16Array(8000), whiteNoise(960, -10), new Int16Array(16000)]);
    const events = await detect(energyVadFactory, click, { silenceMs: 700 });
    expect(events.map((event) => event.type)).toEqual(['speech-start', 'misfire']);
    expect(await detect(energyVadFactory, new Int16Array(48000))).toEqual([]);
  });

  it('decides at once what it decides when awaited, and waits behind a push still queued', async () => {
    // Noise, a loud burst long enough to be speech, then noise again, in chunks that do not fall on frames.
    const audio = concatPcm16([whiteNoise(8000, -60), whiteNoise(16000, -12, 7), whiteNoise(24000, -60, 9)]);
    const awaited = await detect(energyVadFactory, audio);
    const vad = await energyVadFactory.create({ sampleRate: 16000, silenceMs: 700 });
    const atOnce: VadEvent[] = [];
    for (let offset = 0; offset < audio.length; offset += 500) {
      const events = vad.pushNow?.(audio.subarray(offset, offset + 500));
      expect(events).not.toBeNull();
      atOnce.push(...(events ?? []));
    }
    atOnce.push(...(await vad.flush()));
    expect(atOnce.map((event) => event.type)).toEqual(['speech-start', 'speech-end']);
    expect(atOnce.map((event) => [event.type, event.atMs])).toEqual(
      awaited.map((event) => [event.type, event.atMs]),
    );
    const queued = vad.push(new Int16Array(320));
    expect(vad.pushNow?.(new Int16Array(320))).toBeNull();
    await queued;
    expect(vad.pushNow?.(new Int16Array(320))).toEqual([]);
  });

  it('keeps no copy of an utterance it handed over at speech-start when its consumer follows the speech', async () => {
    const speech = (seed: number) => whiteNoise(16000, -12, seed);
    const quiet = (seed: number) => whiteNoise(24000, -60, seed);
    const audio = concatPcm16([quiet(1), speech(2), quiet(3), speech(4), quiet(5)]);
    const kept = await detect(energyVadFactory, audio);
    const followed = await detect(energyVadFactory, audio, { followsSpeech: true });
    expect(followed.map((event) => [event.type, event.atMs])).toEqual(
      kept.map((event) => [event.type, event.atMs]),
    );
    expect(followed.map((event) => event.type)).toEqual([
      'speech-start',
      'speech-end',
      'speech-start',
      'speech-end',
    ]);
    const ends = (events: VadEvent[]) =>
      events.flatMap((event) => (event.type === 'speech-end' ? [event.audio.length] : []));
    expect(ends(kept).every((length) => length > 16000)).toBe(true);
    expect(ends(followed)).toEqual([0, 0]);
    // What the recogniser is handed at each start is the same, the second one's pre-roll (the first one's tail)
    // included.
    const starts = (events: VadEvent[]) =>
      events.flatMap((event) => (event.type === 'speech-start' ? [event.audio] : []));
    expect(starts(followed)).toEqual(starts(kept));
    expect(starts(followed)[1]!.length).toBeGreaterThan(16 * 250);

    // Started and ended within one push, nothing was handed over at the start: the end carries the utterance.
    const vad = await energyVadFactory.create({ sampleRate: 16000, silenceMs: 700, followsSpeech: true });
    const [start, end] = await vad.push(concatPcm16([quiet(6), speech(7), quiet(8)]));
    expect(start?.type === 'speech-start' && start.audio).toBeFalsy();
    expect(end?.type === 'speech-end' && end.audio.length).toBeGreaterThan(16000);
  });

  it('refuses audio that is not 16 kHz', async () => {
    await expect(energyVadFactory.create({ sampleRate: 8000 as 16000, silenceMs: 500 })).rejects.toThrow(
      'Voice activity detection needs 16 kHz audio (got 8000 Hz)',
    );
  });
});

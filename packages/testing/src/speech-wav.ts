import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resample } from '@switchboard/server/media/resample';
import { encodeWav, parseWav } from '@switchboard/server/media/wav';

const run = promisify(execFile);

export interface SpeechWavOptions {
  /** Of the file (flite renders at 16 kHz; other rates are resampled). Default 16000. */
  sampleRate?: number;
  leadingSilenceMs?: number;
  trailingSilenceMs?: number;
  /** A flite voice: rms (default, the best for pocketsphinx), slt, awb or kal. */
  voice?: 'rms' | 'slt' | 'awb' | 'kal';
}

export interface SpeechWav {
  /** A mono 16-bit PCM WAV file in the temporary directory (kept between runs, keyed by its content). */
  path: string;
  sampleRate: number;
  samples: Int16Array;
  /** Where the voice starts and ends in the file (first and last sample above -40 dBFS), ms. */
  speechStartMs: number;
  speechEndMs: number;
}

/** Whether flite is installed (speech fixtures need it; scripts/setup-system.sh installs it). */
export function hasFlite(): boolean {
  return (
    existsSync('/usr/bin/flite') ||
    (process.env.PATH ?? '').split(':').some((dir) => existsSync(path.join(dir, 'flite')))
  );
}

/**
 * Renders `text` with flite into a WAV with silence around it: for the browser's fake microphone and the speech
 * recognition and voice activity tests.
 */
export async function speechWav(text: string, options: SpeechWavOptions = {}): Promise<SpeechWav> {
  const { sampleRate = 16000, leadingSilenceMs = 0, trailingSilenceMs = 0, voice = 'rms' } = options;
  const key = createHash('sha256')
    .update(JSON.stringify([text, sampleRate, leadingSilenceMs, trailingSilenceMs, voice]))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(os.tmpdir(), 'switchboard-speech');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${key}.wav`);
  if (!existsSync(file)) {
    const raw = path.join(dir, `${key}.${process.pid}.flite.wav`);
    await run('flite', ['-voice', voice, '-t', text, '-o', raw]);
    const rendered = parseWav(await readFile(raw));
    await rm(raw, { force: true });
    const voiceAudio = resample(rendered.samples, rendered.sampleRate, sampleRate);
    const lead = Math.round((leadingSilenceMs * sampleRate) / 1000);
    const trail = Math.round((trailingSilenceMs * sampleRate) / 1000);
    const samples = new Int16Array(lead + voiceAudio.length + trail);
    samples.set(voiceAudio, lead);
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, encodeWav(samples, sampleRate));
    await rename(partial, file);
  }
  const { samples } = parseWav(await readFile(file));
  const threshold = 32768 * 10 ** (-40 / 20);
  const first = samples.findIndex((sample) => Math.abs(sample) > threshold);
  const last = samples.findLastIndex((sample) => Math.abs(sample) > threshold);
  return {
    path: file,
    sampleRate,
    samples,
    speechStartMs: (Math.max(0, first) * 1000) / sampleRate,
    speechEndMs: ((last + 1) * 1000) / sampleRate,
  };
}

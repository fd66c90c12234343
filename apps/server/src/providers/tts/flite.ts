import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findAgentVoice } from '@switchboard/core';
import { resample } from '../../media/resample';
import { parseWav } from '../../media/wav';
import { findCommand } from '../shared/system-command';
import { chunkPcm, splitSentences } from './sentences';
import type { SynthesisOptions, TextToSpeech } from './types';

type FliteVoice = 'slt' | 'rms' | 'awb' | 'kal16';

/**
 * The flite voice for a catalogue voice: female voices speak with slt, American men with rms (kal16 for the
 * older ones), British and Irish men with awb (Scottish English). A flite voice name is used as it is.
 */
export function fliteVoiceFor(voice: string): FliteVoice {
  const name = voice.trim().toLowerCase();
  if (name === 'slt' || name === 'rms' || name === 'awb' || name === 'kal16') return name;
  if (name === 'kal') return 'kal16';
  const known = findAgentVoice(voice);
  if (!known) return name === 'male' ? 'rms' : 'slt';
  if (known.gender === 'female') return 'slt';
  if (known.accent === 'British' || known.accent === 'Irish') return 'awb';
  return known.age === 'older' ? 'kal16' : 'rms';
}

/** The espeak-ng voice for a language and catalogue voice (Mexican voices speak Latin American Spanish). */
export function espeakVoiceFor(voice: string, language: string): string {
  const known = findAgentVoice(voice);
  const lang = known?.language === 'es-MX' || language.toLowerCase().startsWith('es') ? 'es-419' : language;
  const base = lang === 'multi' || lang.toLowerCase().startsWith('en') ? 'en-us' : lang.toLowerCase();
  return `${base}+${known?.gender === 'male' || voice.trim().toLowerCase() === 'male' ? 'm3' : 'f3'}`;
}

function speaksEnglish(voice: string, language: string): boolean {
  const known = findAgentVoice(voice);
  if (known?.language === 'es-MX') return false;
  return language === 'multi' || language.toLowerCase().startsWith('en');
}

/**
 * Offline speech synthesis from the Debian packages: flite for English (16 kHz, natural-sounding cluster-unit
 * voices), espeak-ng for other languages and when flite is missing. Renders sentence by sentence, one sentence
 * ahead of the listener, so the first audio is ready after the first sentence; an abort kills the renderer.
 */
export class FliteTts implements TextToSpeech {
  readonly name = 'flite';
  readonly sandbox = true;

  /** `workDir`: where each synthesis keeps its working folder while it runs (the system's temp folder). */
  constructor(private readonly options: { workDir?: string } = {}) {}

  async unavailableReason(): Promise<string | null> {
    if ((await findCommand('flite')) || (await findCommand('espeak-ng'))) return null;
    return 'Speech synthesis needs the flite package: apt-get install flite (espeak-ng also works, with a more robotic voice)';
  }

  async *synthesize(text: string, options: SynthesisOptions): AsyncGenerator<Int16Array> {
    const { signal } = options;
    const sentences = splitSentences(text);
    if (sentences.length === 0 || signal?.aborted) return;
    const useFlite = speaksEnglish(options.voice, options.language) && (await findCommand('flite')) !== null;
    const dir = await mkdtemp(path.join(this.options.workDir ?? os.tmpdir(), 'tts-'));
    const controller = new AbortController();
    const stop = () => controller.abort();
    // A function, not a property read, because the abort happens while this generator is suspended.
    const stopped = () => controller.signal.aborted;
    signal?.addEventListener('abort', stop, { once: true });
    const render = (sentence: string, index: number) =>
      useFlite
        ? renderFlite(
            sentence,
            fliteVoiceFor(options.voice),
            path.join(dir, `${index}.wav`),
            controller.signal,
          )
        : renderEspeak(sentence, espeakVoiceFor(options.voice, options.language), controller.signal);
    try {
      let next: Promise<Int16Array> | null = render(sentences[0] ?? '', 0).then((wav) =>
        toRate(wav, options.sampleRate),
      );
      for (let index = 0; next; index++) {
        const current = await next.catch((error: unknown) => {
          if (stopped()) return null;
          throw error;
        });
        if (!current || stopped()) return;
        const following = sentences[index + 1];
        next =
          following === undefined
            ? null
            : render(following, index + 1).then((wav) => toRate(wav, options.sampleRate));
        // A rejected look-ahead is reported when it is awaited, not as an unhandled rejection meanwhile.
        next?.catch(() => undefined);
        for (const chunk of chunkPcm(current, options.sampleRate)) {
          if (stopped()) return;
          yield chunk;
        }
      }
    } finally {
      controller.abort();
      signal?.removeEventListener('abort', stop);
      await rm(dir, { recursive: true, force: true });
    }
  }
}

interface Rendered {
  samples: Int16Array;
  sampleRate: number;
}

function toRate(wav: Rendered, sampleRate: number): Int16Array {
  return wav.sampleRate === sampleRate ? wav.samples : resample(wav.samples, wav.sampleRate, sampleRate);
}

function runRenderer(command: string, args: string[], signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024, signal },
      (error, stdout, stderr) => {
        if (error) {
          const detail = stderr.toString('utf8').trim().split('\n').at(-1) ?? '';
          const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
          reject(
            missing
              ? new Error(`Speech synthesis needs the ${command} package: apt-get install ${command}`)
              : new Error(`${command} failed: ${detail || error.message}`),
          );
        } else resolve(stdout);
      },
    );
  });
}

async function renderFlite(
  sentence: string,
  voice: FliteVoice,
  file: string,
  signal: AbortSignal,
): Promise<Rendered> {
  await runRenderer('flite', ['-voice', voice, '-t', sentence, '-o', file], signal);
  const wav = parseWav(await readFile(file));
  await rm(file, { force: true });
  return wav;
}

async function renderEspeak(sentence: string, voice: string, signal: AbortSignal): Promise<Rendered> {
  return parseWav(await runRenderer('espeak-ng', ['-v', voice, '--stdout', '--', sentence], signal));
}

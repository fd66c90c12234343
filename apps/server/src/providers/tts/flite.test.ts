import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { concatPcm16, rms } from '../../media/pcm';
import { PocketsphinxStt } from '../stt/pocketsphinx';
import { espeakVoiceFor, FliteTts, fliteVoiceFor } from './flite';
import { splitSentences } from './sentences';
import type { SynthesisOptions } from './types';

const hasFlite = existsSync('/usr/bin/flite');
const hasEspeak = existsSync('/usr/bin/espeak-ng');
const hasPocketsphinx = existsSync('/usr/bin/pocketsphinx_continuous');

/** This file's syntheses work in a folder of their own, so others running meanwhile are not counted. */
const workDir = mkdtempSync(path.join(os.tmpdir(), 'flite-test-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function collect(text: string, options: SynthesisOptions) {
  const chunks: Int16Array[] = [];
  for await (const chunk of new FliteTts({ workDir }).synthesize(text, options)) chunks.push(chunk);
  return chunks;
}

/** Working folders of synthesis started here that are still on disk. */
function ttsDirs(): string[] {
  return readdirSync(workDir).filter((name) => name.startsWith('tts-'));
}

describe('voice and sentence choices', () => {
  it('maps catalogue voices to flite voices by gender, accent and age', () => {
    expect(
      ['Asteria', 'Luna', 'Stella', 'Athena', 'Hera', 'Ada', 'Stacy', 'Eliza', 'Rachel', 'Kelly', 'Judy'].map(
        fliteVoiceFor,
      ),
    ).toEqual(Array(11).fill('slt'));
    expect(['Orion', 'Arcas', 'Perseus', 'Brandon'].map(fliteVoiceFor)).toEqual(['rms', 'rms', 'rms', 'rms']);
    expect(['Helios', 'Angus', 'Paddington'].map(fliteVoiceFor)).toEqual(['awb', 'awb', 'awb']);
    expect(['Zeus', 'Orpheus', 'Harrison'].map(fliteVoiceFor)).toEqual(['kal16', 'kal16', 'kal16']);
    expect([fliteVoiceFor('rms'), fliteVoiceFor('unknown voice'), fliteVoiceFor('male')]).toEqual([
      'rms',
      'slt',
      'rms',
    ]);
    expect(espeakVoiceFor('Gabriela', 'es-MX')).toBe('es-419+f3');
    expect(espeakVoiceFor('Santiago', 'multi')).toBe('es-419+m3');
    expect(espeakVoiceFor('Asteria', 'fr-FR')).toBe('fr-fr+f3');
  });

  it('splits text into sentences without breaking at abbreviations', () => {
    expect(splitSentences('  Hello there!  Dr. Smith is in at 9.30 today. Shall I book you?  ')).toEqual([
      'Hello there!',
      'Dr. Smith is in at 9.30 today.',
      'Shall I book you?',
    ]);
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences('No full stop at the end')).toEqual(['No full stop at the end']);
  });
});

describe.skipIf(!hasFlite)('flite speech synthesis', { timeout: 60_000 }, () => {
  it('is available', async () => {
    expect(await new FliteTts().unavailableReason()).toBeNull();
  });

  it('streams sentences as 100 ms chunks at the requested rate', async () => {
    const chunks = await collect('Hello, thanks for calling. How can I help you today?', {
      voice: 'Asteria',
      language: 'en-US',
      sampleRate: 8000,
    });
    expect(chunks.every((chunk) => chunk.length <= 800)).toBe(true);
    const audio = concatPcm16(chunks);
    expect(audio.length / 8000).toBeGreaterThan(2);
    expect(audio.length / 8000).toBeLessThan(6);
    expect(rms(audio)).toBeGreaterThan(500);
    expect(ttsDirs()).toEqual([]);
  });

  it.skipIf(!hasPocketsphinx)('says what it was given (checked by speech recognition)', async () => {
    const audio = concatPcm16(
      await collect('What are your opening hours?', { voice: 'Orion', language: 'en-US', sampleRate: 16000 }),
    );
    const stream = new PocketsphinxStt().openStream({ sampleRate: 16000, language: 'en-US' });
    stream.write(audio);
    expect((await stream.finish()).text).toContain('opening hours');
  });

  it('speaks with a different voice for a man and a woman', async () => {
    const options = { language: 'en-US', sampleRate: 16000 };
    const woman = concatPcm16(await collect('Good morning.', { ...options, voice: 'Luna' }));
    const man = concatPcm16(await collect('Good morning.', { ...options, voice: 'Orion' }));
    expect(woman).not.toEqual(man);
  });

  it('stops when aborted, after the chunk in hand, and cleans up', async () => {
    const controller = new AbortController();
    const chunks: Int16Array[] = [];
    const text = 'This is the first sentence. This is the second one. And here is a third. A fourth follows.';
    for await (const chunk of new FliteTts({ workDir }).synthesize(text, {
      voice: 'Asteria',
      language: 'en-US',
      sampleRate: 16000,
      signal: controller.signal,
    })) {
      chunks.push(chunk);
      if (chunks.length === 2) controller.abort();
    }
    expect(chunks).toHaveLength(2);
    expect(ttsDirs()).toEqual([]);
  });

  it.skipIf(!hasEspeak)('speaks Spanish with espeak-ng for the Mexican voices', async () => {
    const audio = concatPcm16(
      await collect('Hola, ¿en qué le puedo ayudar?', {
        voice: 'Gabriela',
        language: 'es-MX',
        sampleRate: 16000,
      }),
    );
    expect(audio.length / 16000).toBeGreaterThan(1);
    expect(rms(audio)).toBeGreaterThan(500);
  });
});

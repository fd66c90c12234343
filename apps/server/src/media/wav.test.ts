import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mulawEncode } from './g711';
import { encodeWav, parseWav } from './wav';

function chunk(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function fmt(format: number, channels: number, sampleRate: number, bits: number): Buffer {
  const body = Buffer.alloc(16);
  body.writeUInt16LE(format, 0);
  body.writeUInt16LE(channels, 2);
  body.writeUInt32LE(sampleRate, 4);
  body.writeUInt32LE((sampleRate * channels * bits) / 8, 8);
  body.writeUInt16LE((channels * bits) / 8, 12);
  body.writeUInt16LE(bits, 14);
  return chunk('fmt ', body);
}

function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE'), ...chunks]);
  const header = Buffer.alloc(8);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(body.length, 4);
  return Buffer.concat([header, body]);
}

describe('WAV', () => {
  it('writes a 44-byte mono 16-bit header and reads it back', () => {
    const samples = Int16Array.of(0, 1, -1, 32767, -32768, 1234);
    const file = encodeWav(samples, 16000);
    expect(file.length).toBe(44 + 12);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(parseWav(file)).toEqual({ sampleRate: 16000, channels: 1, encoding: 'pcm16', samples });
  });

  it('skips unknown chunks, including an odd-sized one with its pad byte', () => {
    const data = Buffer.alloc(8);
    Int16Array.of(10, -20, 30, -40).forEach((value, i) => data.writeInt16LE(value, i * 2));
    const file = riff(
      chunk('JUNK', Buffer.alloc(5, 7)),
      fmt(1, 1, 8000, 16),
      chunk('LIST', Buffer.from('INFOISFT')),
      chunk('data', data),
    );
    expect(parseWav(file).samples).toEqual(Int16Array.of(10, -20, 30, -40));
  });

  it('accepts a data size running past the end (streamed files) and drops a trailing half sample', () => {
    const data = Buffer.from([1, 0, 2, 0, 3]);
    const file = riff(fmt(1, 1, 16000, 16), Buffer.from('data'), Buffer.from([0xff, 0xff, 0xff, 0xff]), data);
    expect(parseWav(file).samples).toEqual(Int16Array.of(1, 2));
  });

  it('averages stereo to mono and decodes μ-law files', () => {
    const stereo = Buffer.alloc(8);
    [100, 300, -100, -300].forEach((value, i) => stereo.writeInt16LE(value, i * 2));
    const parsed = parseWav(riff(fmt(1, 2, 44100, 16), chunk('data', stereo)));
    expect(parsed).toMatchObject({ channels: 2, sampleRate: 44100, samples: Int16Array.of(200, -200) });
    const mulaw = parseWav(
      riff(fmt(7, 1, 8000, 8), chunk('data', Buffer.from(mulawEncode(Int16Array.of(0, 1000))))),
    );
    expect(mulaw.encoding).toBe('mulaw');
    expect(mulaw.samples[0]).toBe(0);
    expect(Math.abs(mulaw.samples[1]! - 1000)).toBeLessThan(40);
  });

  it('names what is wrong with a bad file', () => {
    expect(() => parseWav(Buffer.from('not a wav file at all'))).toThrow(
      'Not a WAV file (no RIFF/WAVE header)',
    );
    expect(() => parseWav(riff(fmt(1, 1, 8000, 16)))).toThrow('The WAV file has no data chunk');
    expect(() => parseWav(riff(chunk('data', Buffer.alloc(4))))).toThrow(
      'The data chunk comes before the fmt chunk',
    );
    expect(() => parseWav(riff(fmt(2, 1, 8000, 4), chunk('data', Buffer.alloc(4))))).toThrow(
      'Unsupported WAV encoding: format 2 with 4 bits per sample',
    );
  });

  it.skipIf(!existsOnPath('sox'))('reads what sox writes (with its extensible header and LIST chunk)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wav-test-'));
    const file = path.join(dir, 'tone.wav');
    execFileSync('sox', ['-n', '-r', '48000', '-c', '2', '-b', '24', file, 'synth', '0.1', 'sine', '440']);
    const parsed = parseWav(readFileSync(file));
    expect(parsed).toMatchObject({ sampleRate: 48000, channels: 2, encoding: 'pcm24' });
    expect(parsed.samples.length).toBe(4800);
    expect(Math.max(...parsed.samples)).toBeGreaterThan(30000);
  });
});

function existsOnPath(command: string): boolean {
  try {
    execFileSync('which', [command], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

import { alawDecode, mulawDecode } from './g711';
import { bytesToPcm16, pcm16ToBuffer } from './pcm';

export interface WavAudio {
  sampleRate: number;
  /** Channels in the file; `samples` is always mono (channels averaged). */
  channels: number;
  /** The file's encoding before conversion to 16-bit linear. */
  encoding: 'pcm8' | 'pcm16' | 'pcm24' | 'pcm32' | 'float32' | 'mulaw' | 'alaw';
  samples: Int16Array;
}

export class WavFormatError extends Error {
  override name = 'WavFormatError';
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_ALAW = 6;
const FORMAT_MULAW = 7;
const FORMAT_EXTENSIBLE = 0xfffe;

interface FormatChunk {
  format: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
}

function readFormat(bytes: Buffer, offset: number, size: number): FormatChunk {
  if (size < 16) throw new WavFormatError(`The fmt chunk is ${size} bytes; at least 16 are needed`);
  let format = bytes.readUInt16LE(offset);
  if (format === FORMAT_EXTENSIBLE && size >= 40) format = bytes.readUInt16LE(offset + 24);
  return {
    format,
    channels: bytes.readUInt16LE(offset + 2),
    sampleRate: bytes.readUInt32LE(offset + 4),
    blockAlign: bytes.readUInt16LE(offset + 12),
    bitsPerSample: bytes.readUInt16LE(offset + 14),
  };
}

function decodeFrames(
  data: Buffer,
  fmt: FormatChunk,
): { encoding: WavAudio['encoding']; interleaved: Int16Array } {
  const { format, bitsPerSample } = fmt;
  if (format === FORMAT_PCM && bitsPerSample === 16)
    return { encoding: 'pcm16', interleaved: bytesToPcm16(data) };
  if (format === FORMAT_MULAW && bitsPerSample === 8)
    return { encoding: 'mulaw', interleaved: mulawDecode(data) };
  if (format === FORMAT_ALAW && bitsPerSample === 8)
    return { encoding: 'alaw', interleaved: alawDecode(data) };
  if (format === FORMAT_PCM && bitsPerSample === 8) {
    return { encoding: 'pcm8', interleaved: Int16Array.from(data, (byte) => (byte - 128) << 8) };
  }
  if (format === FORMAT_PCM && bitsPerSample === 24) {
    const out = new Int16Array(Math.floor(data.length / 3));
    for (let i = 0; i < out.length; i++) out[i] = data.readIntLE(i * 3, 3) >> 8;
    return { encoding: 'pcm24', interleaved: out };
  }
  if (format === FORMAT_PCM && bitsPerSample === 32) {
    const out = new Int16Array(data.length >> 2);
    for (let i = 0; i < out.length; i++) out[i] = data.readInt32LE(i * 4) >> 16;
    return { encoding: 'pcm32', interleaved: out };
  }
  if (format === FORMAT_FLOAT && bitsPerSample === 32) {
    const out = new Int16Array(data.length >> 2);
    for (let i = 0; i < out.length; i++) {
      out[i] = Math.max(-32768, Math.min(32767, Math.round(data.readFloatLE(i * 4) * 32768)));
    }
    return { encoding: 'float32', interleaved: out };
  }
  throw new WavFormatError(
    `Unsupported WAV encoding: format ${format} with ${bitsPerSample} bits per sample`,
  );
}

function downmix(interleaved: Int16Array, channels: number): Int16Array {
  if (channels === 1) return interleaved;
  const out = new Int16Array(Math.floor(interleaved.length / channels));
  for (let frame = 0; frame < out.length; frame++) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel++) sum += interleaved[frame * channels + channel] ?? 0;
    out[frame] = Math.round(sum / channels);
  }
  return out;
}

/**
 * Reads a RIFF/WAVE file: skips chunks it does not need (LIST, fact, cue…), honours odd-size padding, and accepts
 * a data chunk whose declared size runs past the end (as streaming writers leave it).
 */
export function parseWav(input: Uint8Array): WavAudio {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (
    bytes.length < 12 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new WavFormatError('Not a WAV file (no RIFF/WAVE header)');
  }
  let fmt: FormatChunk | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') fmt = readFormat(bytes, body, Math.min(size, bytes.length - body));
    else if (id === 'data') {
      if (!fmt) throw new WavFormatError('The data chunk comes before the fmt chunk');
      if (fmt.channels < 1 || fmt.sampleRate < 1) {
        throw new WavFormatError(`Bad WAV format: ${fmt.channels} channels at ${fmt.sampleRate} Hz`);
      }
      const end = Math.min(bytes.length, body + size);
      const whole = fmt.blockAlign > 0 ? end - body - ((end - body) % fmt.blockAlign) : end - body;
      const { encoding, interleaved } = decodeFrames(bytes.subarray(body, body + whole), fmt);
      return {
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        encoding,
        samples: downmix(interleaved, fmt.channels),
      };
    }
    offset = body + size + (size % 2);
  }
  throw new WavFormatError(fmt ? 'The WAV file has no data chunk' : 'The WAV file has no fmt chunk');
}

/** A mono 16-bit PCM WAV file. */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  const dataBytes = samples.length * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(FORMAT_PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, pcm16ToBuffer(samples)]);
}

import os from 'node:os';

const littleEndianHost = os.endianness() === 'LE';

/** Signed 16-bit little-endian bytes as samples (copied, so the result never aliases or misaligns the input). */
export function bytesToPcm16(bytes: Uint8Array): Int16Array {
  const count = bytes.length >> 1;
  const out = new Int16Array(count);
  if (littleEndianHost) {
    new Uint8Array(out.buffer).set(bytes.subarray(0, count * 2));
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/** Samples as signed 16-bit little-endian bytes. */
export function pcm16ToBuffer(samples: Int16Array): Buffer {
  if (littleEndianHost) return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const out = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => out.writeInt16LE(sample, i * 2));
  return out;
}

/** Samples scaled to [-1, 1). */
export function pcm16ToFloat32(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] ?? 0) / 32768;
  return out;
}

/** Floats in [-1, 1] as 16-bit samples, rounded and clipped. */
export function float32ToPcm16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = clampSample(Math.round((samples[i] ?? 0) * 32768));
  return out;
}

export function clampSample(value: number): number {
  return value > 32767 ? 32767 : value < -32768 ? -32768 : value;
}

export function concatPcm16(chunks: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** Root mean square of the samples, in sample units (0 for no samples). */
export function rms(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

/** Level relative to a full-scale square wave, in dB; digital silence is -120. */
export function levelDbfs(samples: Int16Array): number {
  const value = rms(samples);
  return value <= 0 ? -120 : Math.max(-120, 20 * Math.log10(value / 32768));
}

export function samplesToMs(samples: number, sampleRate: number): number {
  return (samples * 1000) / sampleRate;
}

export function msToSamples(ms: number, sampleRate: number): number {
  return Math.round((ms * sampleRate) / 1000);
}

/** Silence of the given length. */
export function silence(ms: number, sampleRate: number): Int16Array {
  return new Int16Array(msToSamples(ms, sampleRate));
}

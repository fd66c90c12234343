// G.711 companding (ITU-T G.711): μ-law (PCMU) and A-law (PCMA), 8-bit codes for 16-bit linear samples.
// Encoding goes through 64 Ki-entry tables built once from the standard's segment rules, decoding through
// 256-entry tables.

const MULAW_BIAS = 0x84;
const MULAW_CLIP = 32635;
const MULAW_SEGMENT_BASE = [0, 132, 396, 924, 1980, 4092, 8316, 16764] as const;

/** Position of the highest set bit of an 8-bit value (0 for 0 and 1). */
function segmentOf(value: number): number {
  let segment = 0;
  for (let v = value >> 1; v > 0; v >>= 1) segment++;
  return segment;
}

function encodeMulawSample(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = Math.min(Math.abs(sample), MULAW_CLIP) + MULAW_BIAS;
  const exponent = segmentOf((magnitude >> 7) & 0xff);
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  magnitude = sign | (exponent << 4) | mantissa;
  return ~magnitude & 0xff;
}

function decodeMulawCode(code: number): number {
  const value = ~code & 0xff;
  const exponent = (value >> 4) & 0x07;
  const magnitude = (MULAW_SEGMENT_BASE[exponent] ?? 0) + ((value & 0x0f) << (exponent + 3));
  return value & 0x80 ? -magnitude : magnitude;
}

/** Upper ends of the A-law segments on the 13-bit magnitude scale. */
const ALAW_SEGMENT_END = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff] as const;

function encodeAlawSample(sample: number): number {
  let value = sample >> 3;
  let mask: number;
  if (value >= 0) mask = 0xd5;
  else {
    mask = 0x55;
    value = -value - 1;
  }
  const segment = ALAW_SEGMENT_END.findIndex((end) => value <= end);
  if (segment < 0) return 0x7f ^ mask;
  const mantissa = segment < 2 ? (value >> 1) & 0x0f : (value >> segment) & 0x0f;
  return ((segment << 4) | mantissa) ^ mask;
}

function decodeAlawCode(code: number): number {
  const value = code ^ 0x55;
  const segment = (value & 0x70) >> 4;
  let magnitude = (value & 0x0f) << 4;
  if (segment === 0) magnitude += 8;
  else magnitude = (magnitude + 0x108) << (segment - 1);
  return value & 0x80 ? magnitude : -magnitude;
}

function buildEncodeTable(encode: (sample: number) => number): Uint8Array {
  const table = new Uint8Array(65536);
  for (let sample = -32768; sample < 32768; sample++) table[sample & 0xffff] = encode(sample);
  return table;
}

function buildDecodeTable(decode: (code: number) => number): Int16Array {
  const table = new Int16Array(256);
  for (let code = 0; code < 256; code++) table[code] = decode(code);
  return table;
}

const mulawEncodeTable = buildEncodeTable(encodeMulawSample);
const mulawDecodeTable = buildDecodeTable(decodeMulawCode);
const alawEncodeTable = buildEncodeTable(encodeAlawSample);
const alawDecodeTable = buildDecodeTable(decodeAlawCode);

function mapThrough<T extends Uint8Array | Int16Array>(
  input: ArrayLike<number>,
  table: ArrayLike<number>,
  mask: number,
  out: T,
): T {
  for (let i = 0; i < input.length; i++) out[i] = table[(input[i] ?? 0) & mask] ?? 0;
  return out;
}

/** μ-law code of one 16-bit sample (0xFF is silence). */
export function mulawEncodeSample(sample: number): number {
  return mulawEncodeTable[sample & 0xffff] ?? 0xff;
}

export function mulawDecodeSample(code: number): number {
  return mulawDecodeTable[code & 0xff] ?? 0;
}

export function alawEncodeSample(sample: number): number {
  return alawEncodeTable[sample & 0xffff] ?? 0xd5;
}

export function alawDecodeSample(code: number): number {
  return alawDecodeTable[code & 0xff] ?? 0;
}

/** 16-bit linear PCM to μ-law bytes (PCMU, as Twilio media streams carry it). */
export function mulawEncode(samples: Int16Array): Uint8Array {
  return mapThrough(samples, mulawEncodeTable, 0xffff, new Uint8Array(samples.length));
}

export function mulawDecode(codes: Uint8Array): Int16Array {
  return mapThrough(codes, mulawDecodeTable, 0xff, new Int16Array(codes.length));
}

/** 16-bit linear PCM to A-law bytes (PCMA). */
export function alawEncode(samples: Int16Array): Uint8Array {
  return mapThrough(samples, alawEncodeTable, 0xffff, new Uint8Array(samples.length));
}

export function alawDecode(codes: Uint8Array): Int16Array {
  return mapThrough(codes, alawDecodeTable, 0xff, new Int16Array(codes.length));
}

/** The silence code of each law (what a line sends between utterances). */
export const G711_SILENCE = { mulaw: 0xff, alaw: 0xd5 } as const;

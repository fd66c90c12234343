import { mulawDecode, mulawEncode } from '../../media/g711';
import { HalfbandDownsampler, HalfbandUpsampler } from '../../media/halfband';
import { bytesToPcm16, pcm16ToBuffer } from '../../media/pcm';

/**
 * How a phone line carries audio in a media stream's `media.payload`, as its `mediaFormat` names it: Twilio's
 * 8 kHz μ-law, or the sandbox phone network's 16 kHz linear PCM (so the offline recogniser hears it unchanged).
 * The voice pipeline always works at 16 kHz; a codec converts on the way in and out.
 */
export interface LineCodec {
  /** The `mediaFormat` of the stream's start message. */
  readonly mediaFormat: { encoding: string; sampleRate: number; channels: 1 };
  /** Bytes of one 20 ms frame on the line. */
  readonly frameBytes: number;
  /** The byte that is silence on the line, to pad a turn's last frame. */
  readonly silence: number;
  decoder(): { decode(bytes: Uint8Array): Int16Array };
  /** Encodes audio at the pipeline's rate, or at the line's own (`mediaFormat.sampleRate`) when told so. */
  encoder(inputRate?: number): { encode(pcm: Int16Array): Uint8Array; flush(): Uint8Array };
}

/** The voice pipeline's rate. */
export const pipelineRate = 16_000;

/** Each μ-law code's linear sample. */
const mulawSamples = Float64Array.from(mulawDecode(Uint8Array.from({ length: 256 }, (_, code) => code)));

/** Twilio Media Streams: G.711 μ-law at 8 kHz, 160 bytes a frame. */
export const mulaw8k: LineCodec = {
  mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
  frameBytes: 160,
  silence: 0xff,
  // A 2:1 half-band filter each way: the line's 50 frames a second per call are the hot path at scale.
  decoder: () => {
    const upsampler = new HalfbandUpsampler();
    return {
      decode: (codes: Uint8Array) => upsampler.pushCodes(codes, mulawSamples),
    };
  },
  encoder: (inputRate = pipelineRate) => {
    if (inputRate === 8000) return { encode: mulawEncode, flush: () => new Uint8Array(0) };
    const downsampler = new HalfbandDownsampler();
    return {
      encode: (pcm: Int16Array) => mulawEncode(downsampler.push(pcm)),
      flush: () => mulawEncode(downsampler.flush()),
    };
  },
};

/** The sandbox phone network: signed 16-bit little-endian PCM at 16 kHz, 640 bytes a frame. */
export const pcm16k: LineCodec = {
  mediaFormat: { encoding: 'audio/l16', sampleRate: pipelineRate, channels: 1 },
  frameBytes: 640,
  silence: 0,
  decoder: () => {
    // A payload may end mid-sample; the odd byte waits for the next one.
    let carry: Uint8Array | null = null;
    return {
      decode(bytes: Uint8Array): Int16Array {
        const joined = carry ? Buffer.concat([carry, bytes]) : bytes;
        const even = joined.length & ~1;
        carry = even < joined.length ? Uint8Array.from(joined.subarray(even)) : null;
        return bytesToPcm16(joined.subarray(0, even));
      },
    };
  },
  // The line's rate is the pipeline's: nothing to convert.
  encoder: () => ({
    encode: (pcm: Int16Array) => new Uint8Array(pcm16ToBuffer(pcm)),
    flush: () => new Uint8Array(0),
  }),
};

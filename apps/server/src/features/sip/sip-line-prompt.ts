import type { TextToSpeech } from '../../providers/tts/types';
import type { LineCodec } from '../../runtime/channels/line-codec';
import type { RtpLine } from '../../runtime/channels/sip/rtp-line';

/** The longest prompt played on a line, so a slow or runaway synthesis cannot hold the call. */
const longestMs = 10_000;

/**
 * Says a short sentence to the caller on the call's RTP line (a failed transfer's apology, after the conversation
 * has ended): synthesised at the line's rate, encoded with its codec, sent as 20 ms frames at real time.
 */
export async function sayOnLine(input: {
  text: string;
  tts: TextToSpeech;
  codec: LineCodec;
  rtp: RtpLine;
  voice: string;
  language: string;
}): Promise<void> {
  const { codec, rtp } = input;
  const abort = new AbortController();
  const deadline = setTimeout(() => abort.abort(), longestMs);
  try {
    // Synthesised at the line's rate, so encoded from it.
    const encoder = codec.encoder(codec.mediaFormat.sampleRate);
    const chunks: Uint8Array[] = [];
    for await (const pcm of input.tts.synthesize(input.text, {
      voice: input.voice,
      language: input.language,
      sampleRate: codec.mediaFormat.sampleRate,
      signal: abort.signal,
    })) {
      if (pcm.length > 0) chunks.push(encoder.encode(pcm));
    }
    chunks.push(encoder.flush());
    const audio = Buffer.concat(chunks);
    const start = performance.now();
    for (let offset = 0, index = 0; offset < audio.length; offset += codec.frameBytes, index += 1) {
      if (abort.signal.aborted) return;
      const frame = Buffer.alloc(codec.frameBytes, codec.silence);
      audio.copy(frame, 0, offset, Math.min(offset + codec.frameBytes, audio.length));
      rtp.sendFrame(frame);
      const due = start + (index + 1) * 20;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    }
  } finally {
    clearTimeout(deadline);
  }
}

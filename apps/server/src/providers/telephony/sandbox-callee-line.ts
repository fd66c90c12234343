import type { LineCodec } from '../../runtime/channels/line-codec';
import type { TextToSpeech } from '../tts/types';
import type { CalleeMouth } from './sandbox-callees';

/** The line's sample rate before the codec (the voice pipeline's). */
const rate = 16_000;
/** One 20 ms frame at that rate. */
const frameSamples = rate / 50;
/** The line is fed in batches this often (each batch holds the frames due by then). */
const tickMs = 60;

/** A 1 kHz tone, the voicemail beep. */
export function beepTone(ms = 500, hz = 1_000, amplitude = 9_000): Int16Array {
  const samples = new Int16Array(Math.round((rate * ms) / 1000));
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate));
  }
  return samples;
}

/**
 * The special information tones before an intercept message (a number not in service): 913.8, 1370.6 and
 * 1776.7 Hz for 274, 274 and 380 ms.
 */
export function interceptTones(): Int16Array {
  const parts = [beepTone(274, 913.8, 7_000), beepTone(274, 1370.6, 7_000), beepTone(380, 1776.7, 7_000)];
  const tones = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => (tones.set(part, offset), offset + part.length), 0);
  return tones;
}

type Queued = { pcm: Int16Array; offset: number } | { done: () => void };

export interface CalleeLineOptions {
  /** The sandbox speech provider the callee speaks through; null: it speaks silence as long as the words. */
  tts: TextToSpeech | null;
  codec: LineCodec;
  /** A Media Streams `media` message for the agent's side of the call. */
  send(message: Record<string, unknown>): void;
  /** The callee hangs up. */
  hangUp(): void;
  onError(error: unknown): void;
}

/**
 * A simulated callee's end of a call: a continuous 20 ms frame stream at real time, as a phone line carries it —
 * the callee's synthesized speech and tones when it speaks, silence otherwise — encoded with the line's codec.
 */
export class CalleeLine implements CalleeMouth {
  private readonly queue: Queued[] = [];
  private encoder: ReturnType<LineCodec['encoder']>;
  private bytes: number[] = [];
  private timer: NodeJS.Timeout | null = null;
  private waiting: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private framesSent = 0;
  private speaking: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly options: CalleeLineOptions) {
    this.encoder = options.codec.encoder();
  }

  start(): void {
    this.startedAt = performance.now();
    this.timer = setInterval(() => this.pump(), tickMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.waiting) clearTimeout(this.waiting);
    this.timer = null;
    for (const item of this.queue.splice(0)) if ('done' in item) item.done();
  }

  say(text: string): Promise<void> {
    const spoken = this.speaking.then(async () => {
      if (this.stopped) return;
      const { tts } = this.options;
      const chunks: Int16Array[] = [];
      if (tts) {
        for await (const chunk of tts.synthesize(text, { voice: 'Luna', language: 'en', sampleRate: rate })) {
          chunks.push(chunk);
        }
      } else {
        chunks.push(new Int16Array(Math.round(text.length * 0.06 * rate)));
      }
      await this.play(chunks);
    });
    this.speaking = spoken.catch((error: unknown) => this.options.onError(error));
    return this.speaking;
  }

  beep(): Promise<void> {
    return this.sound(beepTone());
  }

  /** Plays a sound after what is already queued; resolves once it has gone down the line. */
  sound(pcm: Int16Array): Promise<void> {
    const played = this.speaking.then(() => this.play([pcm]));
    this.speaking = played;
    return played;
  }

  hangUp(): void {
    if (this.stopped) return;
    this.stop();
    this.options.hangUp();
  }

  after(ms: number, then: () => void): void {
    if (this.waiting) clearTimeout(this.waiting);
    this.waiting = setTimeout(() => {
      this.waiting = null;
      if (!this.stopped) then();
    }, ms);
    this.waiting.unref();
  }

  /** Queues audio; resolves once its last frame has gone down the line. */
  private play(chunks: Int16Array[]): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      for (const pcm of chunks) if (pcm.length > 0) this.queue.push({ pcm, offset: 0 });
      this.queue.push({ done: resolve });
    });
  }

  /** Sends the frames due since the line opened: queued audio first, silence when there is none. */
  private pump(): void {
    if (this.stopped) return;
    const due = Math.floor((performance.now() - this.startedAt) / 20);
    // After a stall (a busy event loop) the line does not rush to catch up by more than a second.
    if (due - this.framesSent > 50) this.framesSent = due - 50;
    while (this.framesSent < due) {
      this.framesSent += 1;
      this.sendFrame(this.nextFrame());
    }
  }

  private nextFrame(): Int16Array {
    const frame = new Int16Array(frameSamples);
    let filled = 0;
    while (filled < frameSamples && this.queue.length > 0) {
      const head = this.queue[0];
      if (!head) break;
      if ('done' in head) {
        this.queue.shift();
        // Heard to the end once this frame is on the line.
        queueMicrotask(head.done);
        continue;
      }
      const take = Math.min(frameSamples - filled, head.pcm.length - head.offset);
      frame.set(head.pcm.subarray(head.offset, head.offset + take), filled);
      filled += take;
      head.offset += take;
      if (head.offset >= head.pcm.length) this.queue.shift();
    }
    return frame;
  }

  private sendFrame(pcm: Int16Array): void {
    for (const code of this.encoder.encode(pcm)) this.bytes.push(code);
    const { frameBytes } = this.options.codec;
    while (this.bytes.length >= frameBytes) {
      const payload = Buffer.from(this.bytes.splice(0, frameBytes)).toString('base64');
      this.options.send({ event: 'media', media: { track: 'inbound', payload } });
    }
  }
}

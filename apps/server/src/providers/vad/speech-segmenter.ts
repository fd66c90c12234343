import { concatPcm16 } from '../../media/pcm';
import { SampleRing } from '../../media/sample-ring';
import type { VadEvent } from './types';

export interface SegmenterOptions {
  sampleRate: number;
  /** Silence after the last voiced frame that ends the utterance, ms. */
  silenceMs: number;
  /** Voiced time below which a segment is a misfire, ms. */
  minSpeechMs: number;
  /** Audio kept before the first voiced frame and handed over with the utterance, ms. */
  preRollMs: number;
  /** Audio kept after the last voiced frame, ms. */
  postRollMs: number;
  /** Consecutive voiced frames needed to open a segment (the first of them is where it starts). */
  onsetFrames: number;
  /** A frame at or above this probability is voiced. */
  positive: number;
  /** A frame below this probability is silence; in between, the state holds (hysteresis). */
  negative: number;
}

/** A short blip followed by this much silence is a misfire without waiting for the full turn silence. */
const MISFIRE_GAP_MS = 300;

/**
 * Turns per-frame speech probabilities into speech-start / speech-end / misfire events with their timing and
 * the utterance audio. Shared by every detector so they all mean the same thing by an event.
 * `atMs` is stream time: where the first voiced frame starts for speech-start, where the deciding frame ends
 * for speech-end and misfire.
 */
export class SpeechSegmenter {
  private position = 0;
  /** The latest audio outside a segment: the next segment's pre-roll (a copy, so frames are not held). */
  private readonly preRoll: SampleRing;
  private onset: Int16Array[] = [];
  private onsetStart = 0;
  private utterance: Int16Array[] | null = null;
  private utteranceStart = 0;
  /** The open segment's audio was handed over at its start: only its tail (the next pre-roll) is kept. */
  private followed = false;
  private voicedEnd = 0;
  private voicedMs = 0;
  private silentMs = 0;

  constructor(private readonly options: SegmenterOptions) {
    this.preRoll = new SampleRing(this.samples(options.preRollMs));
  }

  push(frame: Int16Array, probability: number): VadEvent[] {
    const frameStart = this.position;
    this.position += frame.length;
    const frameMs = this.ms(frame.length);
    if (this.utterance) return this.continueSpeech(frame, frameMs, probability);
    if (probability >= this.options.positive) {
      if (this.onset.length === 0) this.onsetStart = frameStart;
      this.onset.push(frame);
      if (this.onset.length >= this.options.onsetFrames) return [this.open(frameMs)];
      return [];
    }
    if (this.onset.length > 0) this.keepPreRoll(this.onset);
    this.preRoll.write(frame);
    this.onset = [];
    return [];
  }

  /** The audio of the open segment so far (pre-roll included), or null when none is open. */
  openAudio(): Int16Array | null {
    return this.utterance ? concatPcm16(this.utterance) : null;
  }

  /**
   * The open segment's audio so far was handed over and its consumer takes every later push itself: from now on
   * only what the next segment's pre-roll needs is kept, and its speech-end carries no audio.
   */
  follow(): void {
    if (!this.utterance || this.followed) return;
    this.followed = true;
    this.keepPreRoll(this.utterance);
    this.utterance = [];
  }

  /** Ends the stream: an open segment ends now. */
  flush(): VadEvent[] {
    const events = this.utterance ? [this.close()] : [];
    this.preRoll.clear();
    this.onset = [];
    return events;
  }

  /** Forgets any open segment and the buffered audio; the stream clock keeps running. */
  reset(): void {
    this.utterance = null;
    this.preRoll.clear();
    this.onset = [];
  }

  private open(frameMs: number): VadEvent {
    const preRoll = this.preRoll.read();
    this.utterance = [preRoll, ...this.onset];
    this.followed = false;
    this.utteranceStart = this.onsetStart - preRoll.length;
    this.voicedEnd = this.position;
    this.voicedMs = frameMs * this.onset.length;
    this.silentMs = 0;
    this.preRoll.clear();
    this.onset = [];
    return { type: 'speech-start', atMs: this.ms(this.onsetStart) };
  }

  private continueSpeech(frame: Int16Array, frameMs: number, probability: number): VadEvent[] {
    this.keepFrame(frame);
    if (probability >= this.options.positive) {
      this.voicedEnd = this.position;
      this.voicedMs += frameMs;
      this.silentMs = 0;
    } else if (probability < this.options.negative) {
      this.silentMs += frameMs;
    }
    const short = this.voicedMs < this.options.minSpeechMs;
    const gap = short ? Math.min(this.options.silenceMs, MISFIRE_GAP_MS) : this.options.silenceMs;
    return this.silentMs >= gap ? [this.close()] : [];
  }

  private close(): VadEvent {
    const frames = this.utterance ?? [];
    this.utterance = null;
    const atMs = this.ms(this.position);
    // The frames after the speech are the pre-roll of whatever comes next (a followed segment's already are).
    if (!this.followed) this.keepPreRoll(frames);
    if (this.voicedMs < this.options.minSpeechMs) return { type: 'misfire', atMs };
    if (this.followed) return { type: 'speech-end', atMs, audio: new Int16Array(0) };
    const end = Math.min(this.position, this.voicedEnd + this.samples(this.options.postRollMs));
    const audio = new Int16Array(end - this.utteranceStart);
    let offset = 0;
    for (const frame of frames) {
      if (offset >= audio.length) break;
      audio.set(frame.subarray(0, audio.length - offset), offset);
      offset += frame.length;
    }
    return { type: 'speech-end', atMs, audio };
  }

  /** A frame of the open segment: kept whole, or, when followed, only as the tail the next pre-roll needs. */
  private keepFrame(frame: Int16Array): void {
    if (this.followed) this.preRoll.write(frame);
    else this.utterance?.push(frame);
  }

  /** Copies the frames' tail into the pre-roll (only the frames it still needs). */
  private keepPreRoll(frames: readonly Int16Array[]): void {
    let first = frames.length;
    for (let held = 0; first > 0 && held < this.preRoll.capacity; first--)
      held += frames[first - 1]?.length ?? 0;
    for (const frame of frames.slice(first)) this.preRoll.write(frame);
  }

  private ms(samples: number): number {
    return (samples * 1000) / this.options.sampleRate;
  }

  private samples(ms: number): number {
    return Math.round((ms * this.options.sampleRate) / 1000);
  }
}

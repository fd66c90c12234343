import { concatPcm16 } from '../../media/pcm';
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
  private preRoll: Int16Array[] = [];
  /** Samples in `preRoll`. */
  private preRollSamples = 0;
  private onset: Int16Array[] = [];
  private onsetStart = 0;
  private utterance: Int16Array[] | null = null;
  private utteranceStart = 0;
  private voicedEnd = 0;
  private voicedMs = 0;
  private silentMs = 0;

  constructor(private readonly options: SegmenterOptions) {}

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
    this.keepPreRoll([frame]);
    this.onset = [];
    return [];
  }

  /** The audio of the open segment so far (pre-roll included), or null when none is open. */
  openAudio(): Int16Array | null {
    return this.utterance ? concatPcm16(this.utterance) : null;
  }

  /** Ends the stream: an open segment ends now. */
  flush(): VadEvent[] {
    const events = this.utterance ? [this.close()] : [];
    this.preRoll = [];
    this.preRollSamples = 0;
    this.onset = [];
    return events;
  }

  /** Forgets any open segment and the buffered audio; the stream clock keeps running. */
  reset(): void {
    this.utterance = null;
    this.preRoll = [];
    this.preRollSamples = 0;
    this.onset = [];
  }

  private open(frameMs: number): VadEvent {
    this.utterance = [...this.preRoll, ...this.onset];
    this.utteranceStart = this.onsetStart - this.preRollSamples;
    this.voicedEnd = this.position;
    this.voicedMs = frameMs * this.onset.length;
    this.silentMs = 0;
    this.preRoll = [];
    this.preRollSamples = 0;
    this.onset = [];
    return { type: 'speech-start', atMs: this.ms(this.onsetStart) };
  }

  private continueSpeech(frame: Int16Array, frameMs: number, probability: number): VadEvent[] {
    this.utterance?.push(frame);
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
    // The frames after the speech are the pre-roll of whatever comes next.
    this.keepPreRoll(frames);
    if (this.voicedMs < this.options.minSpeechMs) return { type: 'misfire', atMs };
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

  private keepPreRoll(frames: readonly Int16Array[]): void {
    const limit = this.samples(this.options.preRollMs);
    for (const frame of frames) {
      this.preRoll.push(frame);
      this.preRollSamples += frame.length;
    }
    while (this.preRoll.length > 0 && this.preRollSamples - (this.preRoll[0]?.length ?? 0) >= limit) {
      this.preRollSamples -= this.preRoll.shift()?.length ?? 0;
    }
  }

  private ms(samples: number): number {
    return (samples * 1000) / this.options.sampleRate;
  }

  private samples(ms: number): number {
    return Math.round((ms * this.options.sampleRate) / 1000);
  }
}

import { FrameChunker } from '../../media/frame-chunker';
import { concatPcm16 } from '../../media/pcm';
import { SpeechSegmenter, type SegmenterOptions } from './speech-segmenter';
import type { VadEvent, VadOptions, VoiceActivityDetector } from './types';

/** Scores fixed-size frames of 16 kHz audio with the probability that they hold speech. */
export interface FrameClassifier {
  readonly frameSamples: number;
  classify(frame: Int16Array): number | Promise<number>;
  /** Scores a frame at once, for a classifier with nothing to wait for (no model to run). */
  classifyNow?(frame: Int16Array): number;
  /** Forgets what earlier frames taught it (a model's recurrent state). */
  reset(): void;
}

export type SegmenterTuning = Omit<SegmenterOptions, 'sampleRate' | 'silenceMs' | 'minSpeechMs'>;

export const DEFAULT_MIN_SPEECH_MS = 200;

/** A detector over any frame classifier: frames the stream, scores each frame, segments the scores. */
export class FrameVad implements VoiceActivityDetector {
  private readonly chunker: FrameChunker;
  private readonly segmenter: SpeechSegmenter;
  /** Pushes run one after another even when a caller does not await the previous one. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Pushes and flushes queued and not yet done. */
  private queued = 0;
  private readonly followsSpeech: boolean;

  constructor(
    private readonly classifier: FrameClassifier,
    options: VadOptions,
    tuning: SegmenterTuning,
  ) {
    if ((options.sampleRate as number) !== 16000) {
      throw new RangeError(
        `Voice activity detection needs 16 kHz audio (got ${String(options.sampleRate)} Hz)`,
      );
    }
    this.followsSpeech = options.followsSpeech ?? false;
    this.chunker = new FrameChunker(classifier.frameSamples);
    this.segmenter = new SpeechSegmenter({
      ...tuning,
      sampleRate: options.sampleRate,
      silenceMs: options.silenceMs,
      minSpeechMs: options.minSpeechMs ?? DEFAULT_MIN_SPEECH_MS,
    });
  }

  push(pcm: Int16Array): Promise<VadEvent[]> {
    return this.enqueue(async () => this.withOpenAudio(await this.process(this.chunker.push(pcm))));
  }

  pushNow(pcm: Int16Array): VadEvent[] | null {
    const classify = this.classifier.classifyNow?.bind(this.classifier);
    if (!classify || this.queued > 0) return null;
    const events: VadEvent[] = [];
    for (const frame of this.chunker.push(pcm)) {
      for (const event of this.segmenter.push(frame, classify(frame))) events.push(event);
    }
    return this.withOpenAudio(events);
  }

  /**
   * A segment still open at the end of a push: its audio runs to the end of the push, not of the last frame.
   * Only then: joining the open segment's frames on every push would copy the utterance again each 20 ms.
   */
  private withOpenAudio(events: VadEvent[]): VadEvent[] {
    const last = events.at(-1);
    if (last?.type === 'speech-start') {
      const open = this.segmenter.openAudio();
      if (open) {
        last.audio = concatPcm16([open, this.chunker.peek()]);
        if (this.followsSpeech) this.segmenter.follow();
      }
    }
    return events;
  }

  flush(): Promise<VadEvent[]> {
    return this.enqueue(async () => {
      const events = await this.process(this.chunker.flush());
      events.push(...this.segmenter.flush());
      this.classifier.reset();
      return events;
    });
  }

  reset(): void {
    this.chunker.reset();
    this.segmenter.reset();
    this.classifier.reset();
  }

  private async process(frames: Int16Array[]): Promise<VadEvent[]> {
    const events: VadEvent[] = [];
    for (const frame of frames) {
      const probability = await this.classifier.classify(frame);
      events.push(...this.segmenter.push(frame, probability));
    }
    return events;
  }

  private enqueue(work: () => Promise<VadEvent[]>): Promise<VadEvent[]> {
    this.queued++;
    const result = this.queue.then(work).finally(() => this.queued--);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

import { levelDbfs } from '../../media/pcm';
import { FrameVad, type FrameClassifier, type SegmenterTuning } from './frame-vad';
import type { VadFactory, VadOptions, VoiceActivityDetector } from './types';

/** Quieter than this is never speech, whatever the noise floor. */
const ABSOLUTE_FLOOR_DB = -55;
const INITIAL_NOISE_DB = -70;
const NOISE_RANGE_DB = [-90, -25] as const;
/** Level over the noise floor at which a frame scores 0.5 (voiced); 0 at 6 dB less. */
const VOICED_MARGIN_DB = 12;
/** Zero-crossing rate of hiss-like consonants (s, f, sh), which are quiet but must not end a word. */
const FRICATIVE_ZCR = 0.3;
/** Frames spent learning the noise floor at the start of a stream before any frame may count as speech. */
const CALIBRATION_FRAMES = 10;

function zeroCrossingRate(frame: Int16Array): number {
  let crossings = 0;
  for (let i = 1; i < frame.length; i++) if ((frame[i - 1] ?? 0) < 0 !== (frame[i] ?? 0) < 0) crossings++;
  return crossings / frame.length;
}

/**
 * Level over an adaptive noise floor, in 20 ms frames. The first 200 ms of a stream only measure the floor; then
 * it follows quiet frames quickly downwards and slowly upwards, and drifts during speech too so a lasting change
 * of background noise is learnt within ~10 s.
 */
export class EnergyClassifier implements FrameClassifier {
  readonly frameSamples = 320;
  private noiseDb = INITIAL_NOISE_DB;
  private frames = 0;

  classify(frame: Int16Array): number {
    return this.classifyNow(frame);
  }

  classifyNow(frame: Int16Array): number {
    const db = levelDbfs(frame);
    if (this.frames++ < CALIBRATION_FRAMES) {
      this.noiseDb = this.frames === 1 ? db : this.noiseDb + (db - this.noiseDb) * 0.5;
      this.noiseDb = Math.min(NOISE_RANGE_DB[1], Math.max(NOISE_RANGE_DB[0], this.noiseDb));
      return 0;
    }
    const margin = db - this.noiseDb;
    let probability =
      db < ABSOLUTE_FLOOR_DB ? 0 : Math.min(1, Math.max(0, (margin - VOICED_MARGIN_DB + 6) / 12));
    if (
      probability < 0.4 &&
      db >= ABSOLUTE_FLOOR_DB &&
      margin > 6 &&
      zeroCrossingRate(frame) > FRICATIVE_ZCR
    ) {
      probability = 0.4;
    }
    const rate = probability < 0.35 ? (db < this.noiseDb ? 0.3 : 0.03) : 0.002;
    this.noiseDb = Math.min(
      NOISE_RANGE_DB[1],
      Math.max(NOISE_RANGE_DB[0], this.noiseDb + (db - this.noiseDb) * rate),
    );
    return probability;
  }

  reset(): void {
    this.noiseDb = INITIAL_NOISE_DB;
    this.frames = 0;
  }
}

const energyTuning: SegmenterTuning = {
  preRollMs: 300,
  postRollMs: 150,
  onsetFrames: 2,
  positive: 0.5,
  negative: 0.35,
};

export function createEnergyVad(options: VadOptions): VoiceActivityDetector {
  return new FrameVad(new EnergyClassifier(), options, energyTuning);
}

/** Level-and-crossing detector: instant, in process, no model; the fallback when Silero cannot load. */
export const energyVadFactory: VadFactory = {
  name: 'energy',
  // The executor turns a refusal (wrong sample rate) into a rejection.
  create: (options) => new Promise((resolve) => resolve(createEnergyVad(options))),
};

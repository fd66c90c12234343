import { buildPath, sandboxPhoneStreamPath } from '@switchboard/contract';
import { captureWorkletUrl, PcmPlayer, type CaptureMessage, type CaptureOptions } from '../runtime';

/** The line's audio: 16-bit PCM at 16 kHz both ways, 20 ms frames. */
const lineRate = 16_000;
const frameSamples = 320;

export interface SaidLine {
  role: 'agent' | 'contact' | 'network';
  text: string;
}

export interface CallSnapshot {
  phase: 'connecting' | 'in-call' | 'ended';
  transcript: SaidLine[];
  /** Why the call ended (the caller, the agent, a transfer, the network), once it has. */
  ended: { reason: string; duration: number | null; transferredTo: string | null } | null;
  /** An agent putting this call through to another number: ringing it (you hold), or connected to it. */
  transfer: { to: string; state: 'ringing' | 'connected' } | null;
  /** Why the microphone or the line failed. */
  error: string | null;
  muted: boolean;
  startedAt: number | null;
}

type Frame = Record<string, unknown> & { event?: string };

const toBase64 = (buffer: ArrayBuffer) => {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary);
};
const textOf = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0)).buffer;

function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'Microphone access is blocked. Allow it in your browser to talk on the call.';
  }
  if (name === 'NotFoundError') return 'No microphone was found.';
  return error instanceof Error ? error.message : 'The microphone could not start.';
}

/**
 * One call of the softphone on the sandbox phone network: its WebSocket (Media Streams messages with 16 kHz
 * PCM), the microphone sent as 20 ms frames, the far side's audio played back with each `mark` echoed once
 * played, `clear` stopping playback, keypad digits, and the transcript the network reports.
 */
export class SoftphoneCall {
  private snapshot: CallSnapshot = {
    phase: 'connecting',
    transcript: [],
    ended: null,
    transfer: null,
    error: null,
    muted: false,
    startedAt: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly socket: WebSocket;
  private context: AudioContext | null = null;
  private stream: MediaStream | null = null;
  private player: PcmPlayer | null = null;
  private segment = 0;
  private readonly marks = new Map<string, string>();

  constructor(baseUrl: string, callId: string, token: string) {
    const url = new URL(buildPath(sandboxPhoneStreamPath, { callId }), baseUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', token);
    this.socket = new WebSocket(url);
    this.socket.onmessage = (event: MessageEvent<string>) => {
      this.receive(JSON.parse(event.data) as Frame);
    };
    this.socket.onclose = () => {
      this.update({
        phase: 'ended',
        ended: this.snapshot.ended ?? { reason: 'network', duration: null, transferredTo: null },
      });
      this.stopMicrophone();
    };
    void this.startAudio();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.snapshot;

  pressDigit(digit: string): void {
    this.send({ event: 'dtmf', dtmf: { digit } });
  }

  setMuted(muted: boolean): void {
    for (const track of this.stream?.getAudioTracks() ?? []) track.enabled = !muted;
    this.update({ muted });
  }

  hangUp(): void {
    this.send({ event: 'stop' });
    if (this.snapshot.phase !== 'ended')
      this.update({ ended: { reason: 'caller', duration: null, transferredTo: null } });
  }

  /** Leaves the page: the call ends and the audio stops at once. */
  dispose(): void {
    this.hangUp();
    this.socket.close();
    this.player?.stop();
    this.stopMicrophone();
    void this.context?.close().catch(() => undefined);
    this.listeners.clear();
  }

  private send(message: Frame): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(frame: Frame): void {
    const segment = `s${this.segment}`;
    switch (frame.event) {
      case 'status': {
        const to = textOf(frame.to);
        const transfer =
          frame.status === 'transferring'
            ? { to, state: 'ringing' as const }
            : frame.status === 'transferred'
              ? { to, state: 'connected' as const }
              : null;
        this.update({ phase: 'in-call', startedAt: this.snapshot.startedAt ?? Date.now(), transfer });
        break;
      }
      case 'transcript':
        this.update({
          transcript: [
            ...this.snapshot.transcript,
            { role: frame.role as SaidLine['role'], text: textOf(frame.text) },
          ],
        });
        break;
      case 'media':
        this.player?.audioChunk(
          segment,
          fromBase64(textOf((frame.media as { payload?: unknown } | undefined)?.payload)),
        );
        break;
      case 'mark': {
        const name = textOf((frame.mark as { name?: unknown } | undefined)?.name);
        this.segment += 1;
        if (this.player) {
          this.marks.set(segment, name);
          this.player.audioEnd(segment);
        } else {
          this.send({ event: 'mark', mark: { name } });
        }
        break;
      }
      case 'clear':
        this.player?.stop();
        this.segment += 1;
        break;
      case 'ended':
        this.update({
          phase: 'ended',
          ended: {
            reason: textOf(frame.reason, 'network'),
            duration:
              typeof frame.duration === 'number' ? frame.duration : (this.snapshot.ended?.duration ?? null),
            transferredTo: typeof frame.to === 'string' ? frame.to : null,
          },
        });
        break;
      default:
        break;
    }
  }

  private async startAudio(): Promise<void> {
    try {
      const context = new AudioContext({ latencyHint: 'interactive' });
      this.context = context;
      this.player = new PcmPlayer(context, context.destination, lineRate, (segment) => {
        const name = this.marks.get(segment);
        this.marks.delete(segment);
        if (name !== undefined) this.send({ event: 'mark', mark: { name } });
      });
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
      });
      this.stream = stream;
      await context.audioWorklet.addModule(captureWorkletUrl);
      if (context.state === 'suspended') await context.resume();
      const options: CaptureOptions = { outputRate: lineRate, frameSamples };
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
          this.update({ error: message.error });
          return;
        }
        if (this.snapshot.phase === 'in-call')
          this.send({ event: 'media', media: { payload: toBase64(message.pcm) } });
      };
      context.createMediaStreamSource(stream).connect(capture);
      capture.connect(context.destination);
    } catch (error) {
      this.update({ error: microphoneProblem(error) });
    }
  }

  private stopMicrophone(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }

  private update(change: Partial<CallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}

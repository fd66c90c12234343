import {
  agentSessionPath,
  clientSessionMessageSchema,
  serverSessionMessageSchema,
  type sessionStartSchema,
  type ConversationState,
  type ServerSessionMessage,
} from '@switchboard/contract';
import type { z } from 'zod';
import {
  appendNotice,
  appendTypedText,
  applyTranscriptMessage,
  settleTranscript,
  type Transcript,
} from './transcript';

/** What the conversation is started with: the agent, the mode, the config and, when known, the contact. */
export type SessionStart = Omit<z.input<typeof sessionStartSchema>, 'type'>;

export type SessionMode = 'chat' | 'voice';

/** Where the session is: opening the socket, started (`ready`), then the server's conversation state. */
export type SessionPhase = 'connecting' | 'ready' | ConversationState;

export type ReadyInfo = Omit<Extract<ServerSessionMessage, { type: 'ready' }>, 'type'>;

export type EndReason =
  Extract<ServerSessionMessage, { type: 'ended' }>['reason'] | 'dropped' | 'unreachable';

export interface SessionSnapshot {
  phase: SessionPhase;
  mode: SessionMode;
  info: ReadyInfo | null;
  transcript: Transcript;
  /** The latest problem to show; cleared when the next turn arrives. */
  error: string | null;
  ended: { reason: EndReason; transfer: string | null } | null;
  /** When the session became ready (ms since epoch), for the elapsed-time display. */
  startedAt: number | null;
}

/** What the audio side of a voice session listens to. */
export interface SessionAudioEvents {
  audioStart(turnId: string): void;
  /** One binary frame of the turn's speech: 16-bit little-endian mono PCM at `info.outputSampleRate`. */
  audioChunk(turnId: string, pcm: ArrayBuffer): void;
  audioEnd(turnId: string): void;
  /** Stop playing now and drop what is queued (the caller spoke over the agent, or the call ended). */
  stop(): void;
}

export interface AgentSessionOptions {
  start: SessionStart;
  /** The session token; the socket is refused without it. */
  token: string | null;
  adminToken?: string | null;
  /** Defaults to the page's own host. */
  baseUrl?: string;
  createSocket?: (url: string) => WebSocket;
  now?: () => number;
}

const socketOpen = 1;

const endedNotices: Record<EndReason, string> = {
  agent: 'The agent ended the conversation.',
  caller: 'You ended the conversation.',
  transfer: 'The conversation was transferred.',
  timeout: 'The conversation timed out.',
  error: 'The conversation ended because of an error.',
  dropped: 'The connection to the agent was lost, so the conversation has ended.',
  unreachable: 'Could not reach the agent.',
};

export function describeEnd(reason: EndReason, transfer: string | null): string {
  return reason === 'transfer' && transfer
    ? `The conversation was transferred to ${transfer}.`
    : endedNotices[reason];
}

/** The WebSocket address of the agent session for a page on `baseUrl` (`http(s)://host`). */
export function agentSessionUrl(baseUrl: string, token: string | null, adminToken?: string | null): string {
  const url = new URL(agentSessionPath, baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) url.searchParams.set('token', token);
  if (adminToken) url.searchParams.set('adminToken', adminToken);
  return url.toString();
}

/**
 * One conversation with an agent over the agent-session WebSocket (`packages/contract/src/agent-session.ts`).
 * It keeps an immutable snapshot for React (`subscribe` + `getSnapshot`) and hands audio to `audio`. A socket
 * that drops mid-call ends the conversation with a clear message; it is never silently retried, because a
 * new socket would be a new conversation the caller did not ask for.
 */
export class AgentSession {
  private socket: WebSocket | null = null;
  private snapshot: SessionSnapshot;
  private readonly listeners = new Set<() => void>();
  private lineCount = 0;
  private audio: SessionAudioEvents | null = null;
  private audioTurn: string | null = null;

  constructor(private readonly options: AgentSessionOptions) {
    this.snapshot = {
      phase: 'connecting',
      mode: options.start.mode,
      info: null,
      transcript: [],
      error: null,
      ended: null,
      startedAt: null,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  /** Routes the agent's speech to a player; `null` detaches it (chat, or voice switched off). */
  attachAudio(audio: SessionAudioEvents | null): void {
    this.audio?.stop();
    this.audio = audio;
  }

  connect(): void {
    if (this.socket) return;
    if (!this.options.token) {
      this.finish('unreachable', null, 'You need to be signed in to talk to an agent.');
      return;
    }
    const url = agentSessionUrl(
      this.options.baseUrl ?? globalThis.location.origin,
      this.options.token,
      this.options.adminToken,
    );
    let socket: WebSocket;
    try {
      socket = (this.options.createSocket ?? ((address) => new WebSocket(address)))(url);
    } catch {
      this.finish('unreachable', null, null);
      return;
    }
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.send({ type: 'start', ...this.options.start });
    };
    socket.onmessage = (event: MessageEvent) => {
      this.receive(event.data);
    };
    socket.onclose = () => {
      this.socket = null;
      if (this.snapshot.ended) return;
      // Closed before the conversation started (refused, or never reached): nothing was lost mid-call.
      this.finish(opened && this.snapshot.info ? 'dropped' : 'unreachable', null, null);
    };
    socket.onerror = () => {
      // The close event that follows reports the outcome.
    };
  }

  /** Sends a typed message; false when the conversation is not open for it. */
  sendText(text: string): boolean {
    const trimmed = text.trim();
    if (trimmed === '' || !this.isOpen()) return false;
    if (!this.send({ type: 'text', text: trimmed })) return false;
    this.update({ transcript: appendTypedText(this.snapshot.transcript, this.nextLineId(), trimmed) });
    return true;
  }

  setMode(mode: SessionMode): void {
    if (mode === this.snapshot.mode) return;
    if (mode === 'chat') this.audio?.stop();
    this.update({ mode });
    // Where voice is unavailable the panel says why; asking the server would only earn the same answer.
    const voiceRefused = mode === 'voice' && this.snapshot.info?.voice.available === false;
    if (this.isOpen() && !voiceRefused) this.send({ type: 'mode', mode });
  }

  /** One 20 ms microphone frame (16-bit little-endian PCM at `inputSampleRate`); dropped unless live. */
  sendAudio(frame: ArrayBuffer): void {
    if (!this.isOpen() || this.snapshot.mode !== 'voice') return;
    this.socket?.send(frame);
  }

  /** Tells the server the agent's audio of a turn finished playing. */
  markPlayed(turnId: string): void {
    if (this.isOpen()) this.send({ type: 'played', turnId });
  }

  /** The caller hangs up: tell the server, stop the audio and close. */
  end(): void {
    if (this.snapshot.ended) return;
    if (this.socket?.readyState === socketOpen) this.send({ type: 'end' });
    this.finish('caller', null, null);
  }

  private isOpen(): boolean {
    return (
      this.socket?.readyState === socketOpen && this.snapshot.info !== null && this.snapshot.ended === null
    );
  }

  private send(message: z.input<typeof clientSessionMessageSchema>): boolean {
    const parsed = clientSessionMessageSchema.safeParse(message);
    if (!parsed.success || this.socket?.readyState !== socketOpen) return false;
    this.socket.send(JSON.stringify(parsed.data));
    return true;
  }

  private receive(data: unknown): void {
    if (data instanceof ArrayBuffer) {
      if (this.audioTurn !== null && this.snapshot.mode === 'voice')
        this.audio?.audioChunk(this.audioTurn, data);
      return;
    }
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      console.warn('Agent session: a frame that is not JSON was ignored');
      return;
    }
    const parsed = serverSessionMessageSchema.safeParse(json);
    if (!parsed.success) {
      console.warn(
        'Agent session: a frame outside the protocol was ignored',
        parsed.error.issues[0]?.message,
      );
      return;
    }
    this.handle(parsed.data);
  }

  private handle(message: ServerSessionMessage): void {
    switch (message.type) {
      case 'ready': {
        const { type: _type, ...info } = message;
        this.update({ info, phase: 'ready', startedAt: this.options.now?.() ?? Date.now() });
        return;
      }
      case 'state':
        if (message.state === 'ended')
          this.update({ transcript: settleTranscript(this.snapshot.transcript) });
        this.update({ phase: message.state });
        return;
      case 'user-text':
      case 'agent-delta':
      case 'agent-text':
      case 'tool':
        this.update({
          transcript: applyTranscriptMessage(this.snapshot.transcript, message, () => this.nextLineId()),
          error: null,
        });
        return;
      case 'audio-start':
        this.audioTurn = message.turnId;
        if (this.snapshot.mode === 'voice') this.audio?.audioStart(message.turnId);
        return;
      case 'audio-end':
        // The end of a turn cut short by barge-in is not news to the player: that audio is already gone.
        if (this.audioTurn !== message.turnId) return;
        this.audioTurn = null;
        if (this.snapshot.mode === 'voice') this.audio?.audioEnd(message.turnId);
        return;
      case 'barge-in':
        this.audioTurn = null;
        this.audio?.stop();
        this.update({ transcript: settleTranscript(this.snapshot.transcript) });
        return;
      case 'ended':
        this.finish(message.reason, message.transfer, null);
        return;
      case 'error':
        this.update({ error: message.message });
        return;
    }
  }

  private finish(reason: EndReason, transfer: string | null, error: string | null): void {
    if (this.snapshot.ended) return;
    this.audio?.stop();
    this.audioTurn = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      if (socket.readyState <= socketOpen) socket.close(1000, 'conversation ended');
    }
    this.update({
      phase: 'ended',
      ended: { reason, transfer },
      error: error ?? this.snapshot.error,
      // A lost or unreachable connection is not part of the conversation; the panel says it as an error.
      transcript:
        reason === 'dropped' || reason === 'unreachable'
          ? settleTranscript(this.snapshot.transcript)
          : appendNotice(
              settleTranscript(this.snapshot.transcript),
              this.nextLineId(),
              describeEnd(reason, transfer),
            ),
    });
  }

  private nextLineId(): string {
    this.lineCount += 1;
    return `line-${this.lineCount}`;
  }

  private update(change: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}

import {
  agentSessionInputSampleRate,
  clientSessionMessageSchema,
  type ClientSessionMessage,
  type ServerSessionMessage,
} from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sourcesField } from '../../features/knowledge/knowledge-sources';
import { exceedsJsonDepth, tooDeepMessage } from '../../http/json-depth';
import { nulCharacterIssues } from '../../http/validation';
import { AppError } from '../../platform/app-error';
import { bytesToPcm16, pcm16ToBuffer } from '../../media/pcm';
import type { CallControl } from '../ports/call-control';
import type { AgentRuntime, AgentSession } from '../session-types';
import { VoicePipeline } from '../voice-pipeline';
import { voiceAvailability } from './voice-availability';

/** The agent speaks at this rate to the browser (the sandbox voices' own rate, so no resampling). */
export const browserOutputSampleRate = 16_000;
/** A socket that does not say `start` in time is closed. */
const startTimeoutMs = 15_000;
/** No caller activity for this long ends the session. */
const idleTimeoutMs = 10 * 60_000;

/** The socket as the channel sees it: JSON messages and binary audio out, and a way to close it. */
export interface BrowserLink {
  send(message: ServerSessionMessage): void;
  sendAudio(frame: Buffer): void;
  close(code: number, reason: string): void;
}

export interface BrowserSessionOptions {
  runtime: AgentRuntime;
  logger: FastifyBaseLogger;
  link: BrowserLink;
  /** Whether the signed-in person may talk to this agent account. */
  mayTalkTo: (agentAccountId: number) => Promise<boolean>;
  /** The room address for a person who gives no phone number or email (`web-user:<id>`). */
  fallbackAddress: string;
}

/**
 * A conversation with an agent from the browser (packages/contract/src/agent-session.ts): chat, and voice as
 * 16-bit PCM frames. The route binds a WebSocket to it; this turns the socket's frames into runtime events and
 * the runtime's events into frames, as the phone channels do for their media streams.
 */
export class BrowserSession {
  private session: AgentSession | null = null;
  private voice: VoicePipeline | null = null;
  private mode: 'chat' | 'voice' = 'chat';
  private starting = false;
  private closed = false;
  private voiceStartedAt: number | null = null;
  private readonly startTimer: NodeJS.Timeout;
  private idleTimer: NodeJS.Timeout;

  constructor(private readonly options: BrowserSessionOptions) {
    this.startTimer = setTimeout(() => options.link.close(4408, 'No start message'), startTimeoutMs);
    this.idleTimer = this.idleTimeout();
  }

  private idleTimeout(): NodeJS.Timeout {
    return setTimeout(() => this.session?.conversation.hangUp('timeout'), idleTimeoutMs);
  }

  private send(message: ServerSessionMessage): void {
    this.options.link.send(message);
  }

  /** A frame from the browser: binary audio, or a JSON message. */
  receive(data: Buffer, isBinary: boolean): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = this.idleTimeout();
    if (isBinary) {
      if (this.mode === 'voice' && this.voice) this.voice.pushAudio(bytesToPcm16(data));
      return;
    }
    const message = this.parse(data.toString('utf8'));
    if (!message) return;
    void this.handle(message).catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'agent session message failed');
      this.send({
        type: 'error',
        message: error instanceof AppError ? error.message : 'Something went wrong on our side.',
      });
      if (!this.session) this.options.link.close(1011, 'Could not start');
    });
  }

  /** The socket closed: a caller hang-up unless the conversation had already ended. */
  disconnected(): void {
    if (this.closed) return;
    this.closed = true;
    const session = this.session;
    if (session && !session.conversation.ended) session.conversation.hangUp('caller');
    void this.finish();
  }

  private parse(text: string): ClientSessionMessage | null {
    if (exceedsJsonDepth(text)) {
      this.send({ type: 'error', message: tooDeepMessage('The message') });
      return null;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.send({ type: 'error', message: 'Messages must be JSON.' });
      return null;
    }
    const [nul] = nulCharacterIssues(parsed, 'message', 1);
    if (nul) {
      this.send({ type: 'error', message: `${nul.field}: ${nul.message}` });
      return null;
    }
    const result = clientSessionMessageSchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      this.send({
        type: 'error',
        message: `${issue && issue.path.length > 0 ? issue.path.join('.') : 'message'}: ${issue?.message ?? 'is invalid'}`,
      });
      return null;
    }
    return result.data;
  }

  private async handle(message: ClientSessionMessage): Promise<void> {
    if (message.type === 'start') {
      await this.start(message);
      return;
    }
    const session = this.session;
    if (!session) {
      this.send({ type: 'error', message: 'Send start first.' });
      return;
    }
    switch (message.type) {
      case 'text':
        await session.conversation.userSaid(message.text);
        break;
      case 'mode':
        if (message.mode === 'voice' && this.mode !== 'voice') {
          if (await this.startVoice(session)) this.mode = 'voice';
        } else if (message.mode === 'chat' && this.mode === 'voice') {
          this.voice?.close();
          this.voice = null;
          this.stopVoiceClock();
          this.mode = 'chat';
        }
        session.switchChannel(this.mode);
        break;
      case 'played':
        this.voice?.played(message.turnId);
        break;
      case 'end':
        session.conversation.hangUp('caller');
        break;
    }
  }

  private async start(message: Extract<ClientSessionMessage, { type: 'start' }>): Promise<void> {
    const { runtime, link } = this.options;
    if (this.session || this.starting) {
      this.send({ type: 'error', message: 'The session has already started.' });
      return;
    }
    this.starting = true;
    clearTimeout(this.startTimer);
    if (!(await this.options.mayTalkTo(message.agentAccountId))) {
      this.send({
        type: 'error',
        message: `You cannot talk to agent ${message.agentAccountId} from this account.`,
      });
      link.close(4403, 'Forbidden');
      return;
    }
    this.mode = message.mode;
    const contact = {
      name: message.contact?.name ?? null,
      phoneNumber: message.contact?.phoneNumber ?? null,
      email: message.contact?.email ?? null,
    };
    const opened = await runtime.openSession({
      agentAccountId: message.agentAccountId,
      channel: this.mode,
      direction: 'inbound',
      slot: message.config,
      contact,
      contactAddress: contact.phoneNumber ?? contact.email ?? this.options.fallbackAddress,
      isTest: message.config === 'staging',
      call: this.callControl(),
      events: {
        state: (state) => this.send({ type: 'state', state }),
        delta: (turnId, delta) => {
          this.send({ type: 'agent-delta', turnId, delta });
          if (this.mode === 'voice') this.voice?.onDelta(turnId, delta);
        },
        reply: (turnId, text) => {
          this.send({ type: 'agent-text', turnId, text });
          if (this.mode === 'voice' && this.voice) this.voice.onReply(turnId);
          // Text is delivered the moment it is sent.
          else queueMicrotask(() => opened.conversation.delivered(turnId));
        },
        tool: (call, outcome) =>
          this.send({
            type: 'tool',
            name: call.name,
            arguments: call.arguments,
            ok: outcome.ok,
            summary: outcome.message,
            ...sourcesField(call.name, outcome.data),
          }),
        ended: (reason, transfer) => this.send({ type: 'ended', reason, transfer }),
      },
    });
    this.session = opened;
    const status = await voiceAvailability(runtime);
    this.send({
      type: 'ready',
      sessionId: opened.id,
      roomId: opened.roomId,
      conversationUuid: opened.conversationUuid,
      agentName: opened.agentName,
      model: { name: opened.model.name, label: opened.model.label, sandbox: opened.model.sandbox },
      voice: status,
      inputSampleRate: agentSessionInputSampleRate,
      outputSampleRate: browserOutputSampleRate,
    });
    if (this.mode === 'voice' && !(await this.startVoice(opened))) this.mode = 'chat';
    opened.switchChannel(this.mode);
    await opened.conversation.greet(opened.config.welcomeMessage);
  }

  /** The browser cannot be transferred: the `ended` message names the destination, then the socket closes. */
  private callControl(): CallControl {
    const end = async () => {
      await this.finish();
      this.options.link.close(1000, 'Conversation ended');
    };
    return { transfer: end, hangUp: end };
  }

  private async startVoice(current: AgentSession): Promise<boolean> {
    const { runtime, logger, link } = this.options;
    const status = await voiceAvailability(runtime);
    if (!status.available || !runtime.speech) {
      this.send({
        type: 'error',
        message: status.reason ?? 'Voice is not available here; chat still works.',
      });
      return false;
    }
    this.voice = new VoicePipeline({
      session: current,
      speech: runtime.speech,
      outputSampleRate: browserOutputSampleRate,
      logger,
      output: {
        audio: (pcm) => link.sendAudio(pcm16ToBuffer(pcm)),
        audioStart: (turnId) => this.send({ type: 'audio-start', turnId }),
        audioEnd: (turnId) => this.send({ type: 'audio-end', turnId }),
        bargeIn: () => this.send({ type: 'barge-in' }),
        userText: (text, final) => this.send({ type: 'user-text', text, final }),
      },
    });
    await this.voice.start();
    this.voiceStartedAt = performance.now();
    return true;
  }

  private stopVoiceClock(): void {
    const session = this.session;
    if (this.voiceStartedAt !== null && session) {
      session.usage.voice = (session.usage.voice ?? 0) + (performance.now() - this.voiceStartedAt) / 1000;
    }
    this.voiceStartedAt = null;
  }

  private async finish(): Promise<void> {
    clearTimeout(this.startTimer);
    clearTimeout(this.idleTimer);
    this.voice?.close();
    this.stopVoiceClock();
    await this.session?.finalize();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import { dtmfTones } from '../../media/dtmf';
import type { CallControl } from '../ports/call-control';
import { mulaw8k, pipelineRate, type LineCodec } from './line-codec';
import type { FramePacer, PacedLine, PacedMessage } from './frame-pacer';
import { answeringPhrases, OutboundAnswer, type CallAnswer } from '../outbound-answer';
import type { AgentRuntime, AgentSession, ConversationDirection, SessionTask } from '../session-types';
import { VoicePipeline } from '../voice-pipeline';
import { mediaPayloadOf, record, text, type Frame } from './media-stream-messages';
import { makesRate } from '../../providers/tts/types';

/** The agent's audio is prepared until the line holds 25 frames (0.5 s), then again once it is down to 10. */
const aheadFrames = 25;
const refillFrames = 10;

/** Keypad digits pressed within this long of each other are one entry. */
const dtmfGapMs = 1_500;

/** The call a stream belongs to, as the `start` message names it. */
export interface StreamStart {
  streamSid: string;
  callSid: string;
  customParameters: Record<string, string>;
}

/** Who is on the call, once the start message has been checked against the call's records. */
export interface StreamCall {
  agentAccountId: number;
  direction: ConversationDirection;
  /** The caller (inbound) or the person called (outbound), E.164. */
  contactPhone: string;
  contactName: string | null;
  /** What the line can do (transfer, hang up at the carrier). */
  call: CallControl;
  /** The carrier's call, for the conversation log (the log's channel is `phone`). */
  phoneCall?: { callId: string; fromNumber: string; toNumber: string };
  /** The task an outbound call was placed for. */
  task?: SessionTask;
  /** Who picked up an outbound call (the answer classification) and what the agent did about it. */
  onAnswered?: (answer: CallAnswer) => Promise<void>;
}

/** The socket as the channel sees it. */
export interface MediaStreamLink {
  send(message: Record<string, unknown>): void;
  /** Sends a message the channel serialised itself (a socket's text frame): audio frames skip JSON.stringify. */
  sendText?(json: string): void;
  close(): void;
}

export interface TwilioMediaStreamOptions {
  runtime: AgentRuntime;
  logger: FastifyBaseLogger;
  link: MediaStreamLink;
  /** Checks the start message (the call token among its parameters) and says who is on the call; null refuses. */
  resolve(start: StreamStart): Promise<StreamCall | null>;
  /**
   * Sends the agent's audio at real time, 20 ms a frame, instead of as fast as it is synthesized (the carrier
   * buffers either way; paced, a barge-in has less to clear and the socket carries a steady stream).
   */
  pacer?: FramePacer;
  /** How the line carries audio: Twilio's 8 kHz μ-law unless told otherwise (the sandbox's 16 kHz PCM). */
  codec?: LineCodec;
  /** Hears what is said on the call as it is said (the sandbox softphone shows it). */
  onSaid?: (role: 'agent' | 'contact', text: string) => void;
  /** The conversation ended and its log is written. */
  onFinished?: (conversationUuid: string | null) => void;
}

const noBytes = new Uint8Array(0);

/**
 * A phone call carried by a Twilio Media Stream (bidirectional, `<Connect><Stream>`): JSON frames with 8 kHz μ-law
 * both ways. Caller audio is decoded to 16 kHz for the voice pipeline; the agent's speech is encoded back and sent
 * in 20 ms frames with a `mark` after each turn, whose echo says the caller heard it; a barge-in sends `clear`.
 * Keypad digits reach the conversation as what the caller entered. `stop` or the socket closing ends the
 * conversation as the caller's hang-up; the agent ending it is carried out on the line through its CallControl.
 */
export class TwilioMediaStream {
  private streamSid: string | null = null;
  private session: AgentSession | null = null;
  private voice: VoicePipeline | null = null;
  /** An outbound call's first seconds: who picked up, and what the agent does about it. */
  private answering: OutboundAnswer | null = null;
  private readonly codec: LineCodec;
  private readonly decoder: ReturnType<LineCodec['decoder']>;
  private encoder: ReturnType<LineCodec['encoder']>;
  /** The rate the agent's speech is synthesized at: the line's own when the voice makes it, else the pipeline's. */
  private outputRate = pipelineRate;
  /** The line's bytes of the agent's turn not yet cut into a frame. */
  private outgoing = noBytes;
  private digits = '';
  private digitTimer: NodeJS.Timeout | null = null;
  private ended = false;
  private startedAt: number | null = null;
  private readonly paced: PacedLine | null;
  /** The callee's audio that arrived while the call was being set up (a person says "Hello?" at once). */
  private early: Int16Array[] | null = [];
  /** Where each payload's bytes are decoded from base64 (the codecs copy what they keep). */
  private payloadBytes = Buffer.alloc(1024);

  constructor(private readonly options: TwilioMediaStreamOptions) {
    this.codec = options.codec ?? mulaw8k;
    this.decoder = this.codec.decoder();
    this.encoder = this.codec.encoder(this.outputRate);
    this.paced = options.pacer?.line((message) => this.send(message)) ?? null;
  }

  /** The conversation this call is, once it has started. */
  get conversationUuid(): string | null {
    return this.session?.conversationUuid ?? null;
  }

  /** A text frame from the carrier. */
  receive(raw: string): void {
    this.options.pacer?.poll();
    const payload = mediaPayloadOf(raw);
    if (payload !== null) {
      this.media({ payload });
      return;
    }
    let frame: Frame;
    try {
      frame = record(JSON.parse(raw));
    } catch {
      this.options.logger.warn('a media stream frame was not JSON');
      return;
    }
    switch (frame.event) {
      case 'start':
        void this.start(frame).catch((error: unknown) => {
          this.options.logger.error({ err: error }, 'the call could not start');
          this.options.link.close();
        });
        break;
      case 'media':
        this.media(record(frame.media));
        break;
      case 'mark':
        this.voice?.played(text(record(frame.mark).name));
        break;
      case 'dtmf':
        this.dtmf(text(record(frame.dtmf).digit));
        break;
      case 'stop':
        this.hungUp();
        break;
      default:
        // `connected` and anything newer carry nothing the call needs.
        break;
    }
  }

  /** The socket closed: the caller's hang-up unless the conversation had already ended. */
  disconnected(): void {
    this.hungUp();
  }

  private async start(frame: Frame): Promise<void> {
    if (this.streamSid) return;
    const start = record(frame.start);
    const streamSid = text(frame.streamSid) || text(start.streamSid);
    const parameters = Object.fromEntries(
      Object.entries(record(start.customParameters)).map(([key, value]) => [key, text(value)]),
    );
    const call = await this.options.resolve({
      streamSid,
      callSid: text(start.callSid),
      customParameters: parameters,
    });
    if (!call || !streamSid) {
      this.options.logger.warn({ callSid: start.callSid }, 'a media stream named no call of ours');
      this.options.link.close();
      return;
    }
    this.streamSid = streamSid;
    const { runtime, logger } = this.options;
    const line = this.withKeypad(call.call);
    const speech = runtime.speech;
    const session = await runtime.openSession({
      agentAccountId: call.agentAccountId,
      channel: 'voice',
      direction: call.direction,
      slot: 'production',
      contact: { name: call.contactName, phoneNumber: call.contactPhone, email: null },
      contactAddress: call.contactPhone,
      isTest: false,
      call: line,
      ...(call.phoneCall ? { phoneCall: call.phoneCall } : {}),
      ...(call.task ? { task: call.task } : {}),
      events: {
        state: () => undefined,
        user: (said) => this.options.onSaid?.('contact', said),
        delta: (turnId, delta) => this.voice?.onDelta(turnId, delta),
        reply: (turnId, said) => {
          if (said.trim() !== '') this.options.onSaid?.('agent', said);
          if (this.voice) this.voice.onReply(turnId);
          else queueMicrotask(() => this.session?.conversation.delivered(turnId));
        },
        tool: () => undefined,
        ended: () => void this.finish(),
      },
    });
    this.session = session;
    this.startedAt = performance.now();
    if (!speech) {
      logger.error('a phone call arrived but voice is not set up on this server');
      session.conversation.hangUp('error');
      return;
    }
    const answering =
      call.direction === 'outbound'
        ? new OutboundAnswer({
            session,
            call: line,
            logger,
            interrupt: () => this.voice?.interrupt(),
            ...(call.onAnswered ? { onAnswered: call.onAnswered } : {}),
          })
        : null;
    this.answering = answering;
    // A voice that makes the line's own rate (8 kHz on Twilio's lines) is asked for it: nothing to halve.
    const lineRate = this.codec.mediaFormat.sampleRate;
    this.outputRate = makesRate(speech.tts, lineRate) ? lineRate : pipelineRate;
    this.encoder = this.codec.encoder(this.outputRate);
    this.voice = new VoicePipeline({
      session,
      speech,
      outputSampleRate: this.outputRate,
      logger,
      ...(answering
        ? {
            hints: answeringPhrases,
            listener: {
              speechStarted: () => answering.speechStarted(),
              heard: (said) => answering.heard(said),
            },
          }
        : {}),
      output: {
        audio: (pcm) => {
          this.sendAudio(this.encoder.encode(pcm));
          // Half a second ahead of the line is plenty: the rest is encoded as it plays, a few frames at a time.
          const paced = this.paced;
          return paced && paced.backlog >= aheadFrames ? paced.drained(refillFrames) : undefined;
        },
        audioStart: () => undefined,
        audioEnd: (turnId) => {
          this.sendAudio(this.encoder.flush(), true);
          this.encoder = this.codec.encoder(this.outputRate);
          this.queue({ event: 'mark', mark: { name: turnId } }, false);
        },
        bargeIn: () => {
          this.outgoing = noBytes;
          this.paced?.clear();
          this.encoder = this.codec.encoder(this.outputRate);
          this.send({ event: 'clear' });
        },
        userText: () => undefined,
      },
    });
    await this.voice.start();
    const early = this.early ?? [];
    this.early = null;
    // The line was quiet before the callee picked up: a detector that learns its noise floor from the first
    // frames must not learn it from a callee who speaks at once ("Hello?").
    if (answering) this.voice.pushAudio(new Int16Array(pipelineRate / 4));
    for (const pcm of early) this.hear(pcm);
    if (answering) await answering.start();
    else await session.conversation.greet(session.greeting);
  }

  private media(media: Record<string, unknown>): void {
    const payload = text(media.payload);
    if (this.ended || payload === '') return;
    // Base64 holds 3 bytes in every 4 characters.
    const most = Math.ceil(payload.length / 4) * 3;
    if (most > this.payloadBytes.length) this.payloadBytes = Buffer.alloc(most);
    const bytes = this.payloadBytes.subarray(0, this.payloadBytes.write(payload, 'base64'));
    const pcm = this.decoder.decode(bytes);
    if (this.early) {
      // Kept until the voice pipeline is up, at most 10 s (500 frames).
      if (this.early.length < 500) this.early.push(pcm);
      return;
    }
    this.hear(pcm);
  }

  private hear(pcm: Int16Array): void {
    this.answering?.audio(pcm);
    this.voice?.pushAudio(pcm);
  }

  private dtmf(digit: string): void {
    const session = this.session;
    if (!session || this.ended || !/^[0-9*#A-D]$/.test(digit)) return;
    if (this.digitTimer) clearTimeout(this.digitTimer);
    this.digitTimer = null;
    if (digit !== '#') this.digits += digit;
    const submit = () => {
      this.digitTimer = null;
      const entered = this.digits;
      this.digits = '';
      if (entered !== '' && !this.ended) void session.conversation.userSaid(`(keypad) ${entered}`);
    };
    if (digit === '#') submit();
    else this.digitTimer = setTimeout(submit, dtmfGapMs);
  }

  /**
   * The call's line, with keypad digits played in-band as DTMF tones on this stream where the carrier has no
   * send-digits of its own (Twilio: updating a live call's TwiML would end its `<Connect><Stream>`).
   */
  private withKeypad(control: CallControl): CallControl {
    if (control.sendDigits) return control;
    const ringTransfer = control.ringTransfer?.bind(control);
    return {
      transfer: (destination) => control.transfer(destination),
      hangUp: (reason) => control.hangUp(reason),
      ...(ringTransfer ? { ringTransfer } : {}),
      sendDigits: (digits) => {
        this.playDigits(digits);
        return Promise.resolve();
      },
    };
  }

  /** Keypad digits as tones after whatever the line is already sending, each 100 ms with 80 ms between. */
  private playDigits(digits: string): void {
    if (this.ended) return;
    this.sendAudio(this.encoder.encode(dtmfTones(digits, this.outputRate)));
    this.sendAudio(this.encoder.flush(), true);
    this.encoder = this.codec.encoder(this.outputRate);
  }

  /** Cuts the line's bytes into 20 ms frames; `last` pads and sends what remains of the turn. */
  private sendAudio(codes: Uint8Array, last = false): void {
    const { frameBytes, silence } = this.codec;
    const bytes = this.outgoing.length === 0 ? codes : Buffer.concat([this.outgoing, codes]);
    let offset = 0;
    for (; offset + frameBytes <= bytes.length; offset += frameBytes) {
      this.queue(bytes.subarray(offset, offset + frameBytes), true);
    }
    if (last && offset < bytes.length) {
      const frame = Buffer.alloc(frameBytes, silence);
      frame.set(bytes.subarray(offset));
      this.queue(frame, true);
      offset = bytes.length;
    }
    this.outgoing = offset === bytes.length ? noBytes : Uint8Array.from(bytes.subarray(offset));
  }

  /** One frame of the line's bytes as a `media` message: its JSON, when the link takes text. */
  private mediaMessage(frame: Uint8Array): Exclude<PacedMessage, Uint8Array> {
    const payload = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).toString('base64');
    if (!this.options.link.sendText || !this.streamSid) return { event: 'media', media: { payload } };
    // Base64 needs no escaping; the stream id is quoted as JSON.
    return `{"event":"media","streamSid":${JSON.stringify(this.streamSid)},"media":{"payload":"${payload}"}}`;
  }

  /** Audio (a frame's bytes) and the marks after it: through the pacer when there is one. */
  private queue(message: PacedMessage, frame: boolean): void {
    if (this.paced) this.paced.push(message, frame);
    else this.send(message);
  }

  /** A message, or a frame's bytes as its `media` message. */
  private send(message: PacedMessage): void {
    if (!this.streamSid) return;
    const ready = message instanceof Uint8Array ? this.mediaMessage(message) : message;
    if (typeof ready === 'string') this.options.link.sendText?.(ready);
    else this.options.link.send({ ...ready, streamSid: this.streamSid });
  }

  private hungUp(): void {
    const session = this.session;
    if (session && !session.conversation.ended) session.conversation.hangUp('caller');
    void this.finish();
  }

  private async finish(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (this.digitTimer) clearTimeout(this.digitTimer);
    this.paced?.close();
    this.answering?.close();
    this.voice?.close();
    const session = this.session;
    if (!session) {
      this.options.onFinished?.(null);
      return;
    }
    if (this.startedAt !== null) {
      session.usage.voice = (session.usage.voice ?? 0) + (performance.now() - this.startedAt) / 1000;
    }
    await session.finalize();
    this.options.onFinished?.(session.conversationUuid);
  }
}

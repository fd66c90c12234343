import type { FastifyBaseLogger } from 'fastify';
import { G711Decoder, G711Encoder } from '../../../media/g711-stream';
import type { FramePacer } from '../frame-pacer';
import { mulaw8k, pipelineRate, type LineCodec } from '../line-codec';
import type { AgentRuntime } from '../../session-types';
import { TwilioMediaStream, type StreamCall } from '../twilio-media-stream';
import type { RtpLine } from './rtp-line';
import { PCMA } from './sdp';

/** G.711 A-law at 8 kHz, 160 bytes a frame (PCMA, payload type 8). */
export const alaw8k: LineCodec = {
  mediaFormat: { encoding: 'audio/x-alaw', sampleRate: 8000, channels: 1 },
  frameBytes: 160,
  silence: 0xd5,
  decoder: () => new G711Decoder('alaw', pipelineRate),
  encoder: (inputRate = pipelineRate) => new G711Encoder('alaw', inputRate),
};

/** The line codec of an RTP payload type both sides agreed on. */
export const codecOfPayloadType = (payloadType: number): LineCodec =>
  payloadType === PCMA ? alaw8k : mulaw8k;

export interface SipCallChannelOptions {
  runtime: AgentRuntime;
  logger: FastifyBaseLogger;
  pacer: FramePacer;
  codec: LineCodec;
  /** The dialog's id, which names the stream. */
  callId: string;
  /** Who is on the call and what the line can do (the dialog's BYE). */
  call: StreamCall;
  /** The line's RTP, opened before the answer. */
  rtp: RtpLine;
  /** The channel gave up the call (the session could not start): end the dialog. */
  onClosed: () => void;
  onFinished: (conversationUuid: string | null) => void;
}

/**
 * A SIP call's audio into the same voice path as a carrier's media stream: the RTP line plays the carrier's part
 * of a TwilioMediaStream (start, media, dtmf, stop in; media and marks out). The agent's frames go out paced at
 * 20 ms; a mark is heard once the frames before it have gone out, as RTP has no playback receipts.
 */
export class SipCallChannel {
  private readonly stream: TwilioMediaStream;

  constructor(private readonly options: SipCallChannelOptions) {
    const { runtime, logger, pacer, codec, call } = options;
    this.stream = new TwilioMediaStream({
      runtime,
      logger,
      pacer,
      codec,
      resolve: () => Promise.resolve(call),
      link: {
        send: (message) => this.fromAgent(message),
        close: () => options.onClosed(),
      },
      onFinished: (uuid) => options.onFinished(uuid),
    });
  }

  get conversationUuid(): string | null {
    return this.stream.conversationUuid;
  }

  /** The call was answered: the conversation starts and the agent greets. */
  start(): void {
    this.carrier({
      event: 'start',
      streamSid: `sip-${this.options.callId}`,
      start: { callSid: this.options.callId, customParameters: {} },
    });
  }

  /** One frame of the caller's G.711, in order. */
  audio(payload: Uint8Array): void {
    this.carrier({ event: 'media', media: { payload: Buffer.from(payload).toString('base64') } });
  }

  digit(digit: string): void {
    this.carrier({ event: 'dtmf', dtmf: { digit } });
  }

  /** The caller hung up (BYE), went silent, or the dialog failed: the conversation ends as the caller's hang-up. */
  hungUp(): void {
    this.stream.disconnected();
  }

  private carrier(message: Record<string, unknown>): void {
    this.stream.receive(JSON.stringify(message));
  }

  private fromAgent(message: Record<string, unknown>): void {
    if (message.event === 'media') {
      const media = message.media as { payload?: unknown } | undefined;
      if (typeof media?.payload === 'string')
        this.options.rtp.sendFrame(Buffer.from(media.payload, 'base64'));
    } else if (message.event === 'mark') {
      const mark = message.mark as { name?: unknown } | undefined;
      queueMicrotask(() => this.carrier({ event: 'mark', mark: { name: mark?.name } }));
    }
  }
}

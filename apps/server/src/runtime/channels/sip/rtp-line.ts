import { randomInt } from 'node:crypto';
import dgram from 'node:dgram';
import { isIP } from 'node:net';
import { JitterBuffer } from './jitter-buffer';
import { buildRtpPacket, digitOfEvent, parseRtpPacket, parseTelephoneEvent } from './rtp-packet';

export interface RtpLineOptions {
  /** Where to bind and which even ports may be taken. */
  host: string;
  ports: { min: number; max: number };
  /** The G.711 payload type both sides agreed (0 PCMU, 8 PCMA). */
  payloadType: number;
  /** The caller's telephone-event payload type, when it offered one. */
  telephoneEvent: number | null;
  /** The silence byte of the codec, for keep-alive frames. */
  silence: number;
  /** No RTP from the caller for this long: `onTimeout`. */
  timeoutMs: number;
  onAudio(payload: Uint8Array): void;
  onDigit(digit: string): void;
  onTimeout(): void;
}

const tickMs = 100;
/** Held packets go out when the caller pauses this long (the jitter buffer's tail). */
const drainAfterMs = 80;
/** With no agent audio, one silence frame a second keeps NAT bindings and the carrier's media timers alive. */
const keepAliveMs = 1000;
const samplesPerFrame = 160;

/**
 * One call's RTP (RFC 3550) on a UDP port of its own: the caller's G.711 frames through a small jitter buffer,
 * RFC 4733 telephone-events as digits (once per event), and the agent's frames out with our own sequence,
 * timestamp and SSRC. RTP goes back to where the caller's packets come from (symmetric RTP, RFC 4961), to the
 * SDP's address until the first one arrives. A caller silent for `timeoutMs` is taken as gone.
 */
export class RtpLine {
  private readonly socket: dgram.Socket;
  private remote: { address: string; port: number } | null = null;
  private readonly jitter = new JitterBuffer({ depth: 3 });
  private readonly ssrc = randomInt(1, 0xffffffff);
  private sequence = randomInt(0, 0xffff);
  private timestamp = randomInt(0, 0xffffffff);
  private lastSentAt = 0;
  private lastReceivedAt: number;
  private readonly events = new Set<string>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  private timedOut = false;
  /** On hold (a re-INVITE's sendonly or inactive): nothing is sent, and the far end's silence is expected. */
  private held = false;
  /** Packets received and sent, for the call's record. */
  readonly counts = { received: 0, sent: 0, digits: 0 };

  private constructor(
    private readonly options: RtpLineOptions,
    socket: dgram.Socket,
    readonly port: number,
  ) {
    this.socket = socket;
    this.lastReceivedAt = performance.now();
    socket.on('message', (data, from) => this.receive(data, from));
    socket.on('error', () => undefined);
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  /** Binds an even port of the range (RTCP would take the odd one above), trying a few at random. */
  static async open(options: RtpLineOptions): Promise<RtpLine> {
    const evens = Math.floor((options.ports.max - options.ports.min) / 2) + 1;
    const first = options.ports.min + (options.ports.min % 2);
    for (let attempt = 0; attempt < Math.min(evens, 50); attempt += 1) {
      const port = first + 2 * randomInt(0, evens);
      if (port > options.ports.max) continue;
      const socket = dgram.createSocket(isIP(options.host) === 6 ? 'udp6' : 'udp4');
      const bound = await new Promise<boolean>((resolve) => {
        socket.once('error', () => resolve(false));
        socket.bind(port, options.host, () => resolve(true));
      });
      if (bound) return new RtpLine(options, socket, port);
      socket.close();
    }
    throw new Error(`no free RTP port between ${options.ports.min} and ${options.ports.max}`);
  }

  /**
   * The codec an answer settled on (a call we place offers before it knows), with the silence clock started
   * afresh: the ringing before the answer is not the far end going quiet.
   */
  settle(codec: { payloadType: number; telephoneEvent: number | null; silence: number }): void {
    Object.assign(this.options, codec);
    this.lastReceivedAt = performance.now();
    this.timedOut = false;
  }

  /**
   * A new offer in the call moved the far end's media or put it on hold (RFC 3264 §8.3, §8.4): sending goes to
   * the new address (c=0.0.0.0 keeps the old one), and nothing is sent and no silence timeout runs while held.
   */
  redirect(address: string, port: number, held: boolean): void {
    if (address !== '0.0.0.0' && address !== '::') this.remote = { address, port };
    this.held = held;
    this.lastReceivedAt = performance.now();
    this.timedOut = false;
  }

  /** Where the SDP says to send, until the caller's own packets show where they come from. */
  sendTo(address: string, port: number): void {
    this.remote ??= { address, port };
  }

  /** Sends one 20 ms frame of the agent's audio. */
  sendFrame(frame: Uint8Array): void {
    if (this.closed || !this.remote || this.held) return;
    const now = performance.now();
    // After a pause the timestamp follows the clock and the marker starts a talkspurt (RFC 3551 §4.1).
    const gap = now - this.lastSentAt;
    const marker = this.lastSentAt === 0 || gap > 60;
    this.timestamp =
      (this.timestamp + (marker && this.lastSentAt !== 0 ? Math.round(gap * 8) : samplesPerFrame)) >>> 0;
    this.sequence = (this.sequence + 1) & 0xffff;
    this.lastSentAt = now;
    const packet = buildRtpPacket({
      payloadType: this.options.payloadType,
      marker,
      sequence: this.sequence,
      timestamp: this.timestamp,
      ssrc: this.ssrc,
      payload: frame,
    });
    this.counts.sent += 1;
    this.socket.send(packet, this.remote.port, this.remote.address);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.socket.close();
  }

  private receive(data: Buffer, from: dgram.RemoteInfo): void {
    if (this.closed) return;
    const packet = parseRtpPacket(data);
    // RTCP (payload types 72-76 with the marker bit) and anything else that is not RTP is left alone.
    if (!packet || (packet.payloadType >= 72 && packet.payloadType <= 76)) return;
    this.remote = { address: from.address, port: from.port };
    this.lastReceivedAt = performance.now();
    this.counts.received += 1;
    if (packet.payloadType === this.options.telephoneEvent) {
      this.telephoneEvent(packet.ssrc, packet.timestamp, packet.payload);
      return;
    }
    if (packet.payloadType !== this.options.payloadType) return;
    for (const due of this.jitter.push(packet)) this.options.onAudio(due.payload);
  }

  /** A key press is reported once, at its first end packet (the end is sent three times). */
  private telephoneEvent(ssrc: number, timestamp: number, payload: Uint8Array): void {
    const event = parseTelephoneEvent(payload);
    if (!event?.end) return;
    const key = `${ssrc}:${timestamp}:${event.event}`;
    if (this.events.has(key)) return;
    this.events.add(key);
    const oldest = this.events.values().next().value;
    if (this.events.size > 64 && oldest !== undefined) this.events.delete(oldest);
    const digit = digitOfEvent(event.event);
    if (digit) {
      this.counts.digits += 1;
      this.options.onDigit(digit);
    }
  }

  private tick(): void {
    const now = performance.now();
    const quiet = now - this.lastReceivedAt;
    if (quiet >= drainAfterMs) for (const due of this.jitter.drain()) this.options.onAudio(due.payload);
    if (quiet >= this.options.timeoutMs && !this.held) {
      if (!this.timedOut) this.options.onTimeout();
      this.timedOut = true;
      return;
    }
    if (this.remote && now - this.lastSentAt >= keepAliveMs) {
      this.sendFrame(new Uint8Array(samplesPerFrame).fill(this.options.silence));
    }
  }
}

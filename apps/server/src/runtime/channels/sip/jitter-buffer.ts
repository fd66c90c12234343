import type { RtpPacket } from './rtp-packet';

export interface JitterBufferOptions {
  /** Packets held before the oldest is released, so a late one can still take its place (3 × 20 ms). */
  depth?: number;
}

/**
 * A small reordering buffer for one RTP stream: packets come out in sequence order (16-bit wrap included) once
 * `depth` are held; duplicates and packets older than the last released are dropped. A new SSRC, or a jump of
 * more than 1000 packets, starts over as a new stream. `drain` releases what is held (the caller went quiet).
 */
export class JitterBuffer {
  private held: RtpPacket[] = [];
  private ssrc: number | null = null;
  /** The sequence number released last, extended past 16 bits. */
  private lastReleased: number | null = null;
  private cycles = 0;
  private highest: number | null = null;
  private readonly depth: number;
  /** Packets dropped as late or duplicate. */
  dropped = 0;

  constructor(options: JitterBufferOptions = {}) {
    this.depth = Math.max(1, options.depth ?? 3);
  }

  /** Takes a packet; answers the packets now due, in order. */
  push(packet: RtpPacket): RtpPacket[] {
    if (this.ssrc !== packet.ssrc) {
      const flushed = this.drain();
      this.ssrc = packet.ssrc;
      this.lastReleased = null;
      this.cycles = 0;
      this.highest = null;
      return [...flushed, ...this.push(packet)];
    }
    const extended = this.extend(packet.sequence);
    if (this.lastReleased !== null && Math.abs(extended - this.lastReleased) > 1000) {
      // A restarted sender: what is held belongs to the old run.
      const flushed = this.drain();
      this.lastReleased = null;
      this.cycles = 0;
      this.highest = packet.sequence;
      this.held = [packet];
      return flushed;
    }
    if (
      (this.lastReleased !== null && extended <= this.lastReleased) ||
      this.held.some((held) => this.extendKnown(held) === extended)
    ) {
      this.dropped += 1;
      return [];
    }
    this.held.push(packet);
    this.held.sort((a, b) => this.extendKnown(a) - this.extendKnown(b));
    const due: RtpPacket[] = [];
    while (this.held.length > this.depth) due.push(this.release());
    return due;
  }

  /** Everything held, in order. */
  drain(): RtpPacket[] {
    const due: RtpPacket[] = [];
    while (this.held.length > 0) due.push(this.release());
    return due;
  }

  private release(): RtpPacket {
    const packet = this.held.shift();
    if (!packet) throw new Error('the jitter buffer is empty');
    this.lastReleased = this.extendKnown(packet);
    return packet;
  }

  /** The sequence number extended by the wraps seen so far, updating them for a new highest packet. */
  private extend(sequence: number): number {
    if (this.highest === null) {
      this.highest = sequence;
      return sequence + this.cycles;
    }
    const delta = (sequence - this.highest + 0x10000) % 0x10000;
    if (delta !== 0 && delta < 0x8000) {
      if (sequence < this.highest) this.cycles += 0x10000;
      this.highest = sequence;
      return sequence + this.cycles;
    }
    return this.extendKnown({ sequence });
  }

  /** A held or older packet's extended number: in the current cycle unless it sits just before a wrap. */
  private extendKnown(packet: Pick<RtpPacket, 'sequence'>): number {
    const highest = this.highest ?? packet.sequence;
    const base = this.cycles + packet.sequence;
    return packet.sequence > highest && packet.sequence - highest > 0x8000 ? base - 0x10000 : base;
  }
}

/** One RTP packet (RFC 3550 §5.1) as the call's line reads or writes it. */
export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  sequence: number;
  timestamp: number;
  ssrc: number;
  payload: Uint8Array;
}

/** Reads a packet, or null when the bytes are not RTP version 2 with a whole header. */
export function parseRtpPacket(data: Uint8Array): RtpPacket | null {
  if (data.length < 12 || data[0] === undefined || data[0] >> 6 !== 2) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const first = data[0];
  const second = data[1] ?? 0;
  const csrcCount = first & 0x0f;
  let offset = 12 + 4 * csrcCount;
  if (first & 0x10) {
    if (data.length < offset + 4) return null;
    offset += 4 + 4 * view.getUint16(offset + 2);
  }
  let end = data.length;
  if (first & 0x20) end -= data[data.length - 1] ?? 0;
  if (offset > end) return null;
  return {
    payloadType: second & 0x7f,
    marker: (second & 0x80) !== 0,
    sequence: view.getUint16(2),
    timestamp: view.getUint32(4),
    ssrc: view.getUint32(8),
    payload: data.subarray(offset, end),
  };
}

/** Writes a packet with the 12-byte fixed header (no CSRCs, extension or padding). */
export function buildRtpPacket(packet: RtpPacket): Buffer {
  const out = Buffer.alloc(12 + packet.payload.length);
  out[0] = 0x80;
  out[1] = (packet.marker ? 0x80 : 0) | (packet.payloadType & 0x7f);
  out.writeUInt16BE(packet.sequence & 0xffff, 2);
  out.writeUInt32BE(packet.timestamp >>> 0, 4);
  out.writeUInt32BE(packet.ssrc >>> 0, 8);
  out.set(packet.payload, 12);
  return out;
}

/** An RFC 4733 telephone-event payload. */
export interface TelephoneEvent {
  event: number;
  end: boolean;
  volume: number;
  duration: number;
}

export function parseTelephoneEvent(payload: Uint8Array): TelephoneEvent | null {
  if (payload.length < 4) return null;
  const [event = 0, flags = 0, high = 0, low = 0] = payload;
  return { event, end: (flags & 0x80) !== 0, volume: flags & 0x3f, duration: (high << 8) | low };
}

export function buildTelephoneEvent(event: TelephoneEvent): Uint8Array {
  return Uint8Array.of(
    event.event & 0xff,
    (event.end ? 0x80 : 0) | (event.volume & 0x3f),
    (event.duration >> 8) & 0xff,
    event.duration & 0xff,
  );
}

/** The keypad key of an event number (0-9, *, #, A-D), or null (flash and others). */
export function digitOfEvent(event: number): string | null {
  return '0123456789*#ABCD'[event] ?? null;
}

import { describe, expect, it } from 'vitest';
import { JitterBuffer } from './jitter-buffer';
import {
  buildRtpPacket,
  buildTelephoneEvent,
  digitOfEvent,
  parseRtpPacket,
  parseTelephoneEvent,
  type RtpPacket,
} from './rtp-packet';
import { buildAudioAnswer, chooseCodec, parseAudioOffer } from './sdp';

const packet = (sequence: number, ssrc = 7): RtpPacket => ({
  payloadType: 0,
  marker: false,
  sequence,
  timestamp: sequence * 160,
  ssrc,
  payload: Uint8Array.of(sequence & 0xff),
});

describe('RTP packets', () => {
  it('round-trip the fixed header and payload', () => {
    const bytes = buildRtpPacket({ ...packet(65535), marker: true, timestamp: 0xfffffff0 });
    expect(bytes.length).toBe(13);
    const parsed = parseRtpPacket(bytes);
    expect(parsed).toMatchObject({
      payloadType: 0,
      marker: true,
      sequence: 65535,
      timestamp: 0xfffffff0,
      ssrc: 7,
    });
    expect([...(parsed?.payload ?? [])]).toEqual([0xff]);
  });

  it('skip CSRCs, a header extension and padding, and refuse what is not RTP v2', () => {
    const header = Buffer.from([0xb1, 0x08, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3]);
    const csrc = Buffer.alloc(4);
    const extension = Buffer.from([0xbe, 0xde, 0, 1, 1, 2, 3, 4]);
    const payload = Buffer.from([9, 9, 0, 2]);
    const parsed = parseRtpPacket(Buffer.concat([header, csrc, extension, payload]));
    expect(parsed).toMatchObject({ payloadType: 8, sequence: 1, timestamp: 2, ssrc: 3 });
    expect([...(parsed?.payload ?? [])]).toEqual([9, 9]);
    expect(parseRtpPacket(Buffer.from([0x40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(parseRtpPacket(Buffer.from([0x80, 0]))).toBeNull();
  });

  it('read RFC 4733 telephone-events as SIPp sends them', () => {
    const end = buildTelephoneEvent({ event: 11, end: true, volume: 10, duration: 2240 });
    expect(parseTelephoneEvent(end)).toEqual({ event: 11, end: true, volume: 10, duration: 2240 });
    expect(digitOfEvent(11)).toBe('#');
    expect(digitOfEvent(16)).toBeNull();
  });
});

describe('the jitter buffer', () => {
  it('puts late packets back in order and drops duplicates and the too late', () => {
    const buffer = new JitterBuffer({ depth: 3 });
    const out = [5, 7, 6, 8, 8, 9, 4, 10].flatMap((sequence) => buffer.push(packet(sequence)));
    out.push(...buffer.drain());
    expect(out.map((p) => p.sequence)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(buffer.dropped).toBe(2);
  });

  it('follows the 16-bit sequence across its wrap', () => {
    const buffer = new JitterBuffer({ depth: 2 });
    const out = [65533, 65535, 65534, 0, 2, 1, 3].flatMap((sequence) => buffer.push(packet(sequence)));
    out.push(...buffer.drain());
    expect(out.map((p) => p.sequence)).toEqual([65533, 65534, 65535, 0, 1, 2, 3]);
  });

  it('starts over for a new SSRC', () => {
    const buffer = new JitterBuffer({ depth: 2 });
    const out = [10, 11, 12].flatMap((sequence) => buffer.push(packet(sequence)));
    out.push(...buffer.push(packet(500, 8)));
    out.push(...buffer.drain());
    expect(out.map((p) => `${p.ssrc}:${p.sequence}`)).toEqual(['7:10', '7:11', '7:12', '8:500']);
  });
});

describe('SDP offer and answer', () => {
  const offer = [
    'v=0',
    'o=- 1 1 IN IP4 203.0.113.10',
    's=-',
    'c=IN IP4 203.0.113.10',
    't=0 0',
    'm=video 5000 RTP/AVP 96',
    'm=audio 40000 RTP/AVP 8 0 101',
    'a=rtpmap:8 PCMA/8000',
    'a=rtpmap:101 telephone-event/8000',
    'a=fmtp:101 0-16',
    '',
  ].join('\r\n');

  it('takes the caller’s first G.711 codec and its telephone-event type, refusing other streams', () => {
    const read = parseAudioOffer(offer);
    if (!read.ok) throw new Error(read.reason);
    expect(read.offer).toMatchObject({
      address: '203.0.113.10',
      port: 40000,
      telephoneEvent: 101,
      mediaIndex: 1,
    });
    expect(chooseCodec(read.offer)).toBe(8);
    const answer = buildAudioAnswer({
      offer: read.offer,
      address: '198.51.100.1',
      port: 41000,
      codec: 8,
      sessionId: 5,
    });
    expect(answer.split('\r\n')).toEqual([
      'v=0',
      'o=switchboard 5 5 IN IP4 198.51.100.1',
      's=switchboard',
      'c=IN IP4 198.51.100.1',
      't=0 0',
      'm=video 0 RTP/AVP 96',
      'm=audio 41000 RTP/AVP 8 101',
      'a=rtpmap:8 PCMA/8000',
      'a=rtpmap:101 telephone-event/8000',
      'a=fmtp:101 0-16',
      'a=ptime:20',
      'a=sendrecv',
      '',
    ]);
  });

  it('says why an offer cannot be answered', () => {
    expect(parseAudioOffer('')).toEqual({ ok: false, reason: 'the offer has no audio stream' });
    expect(parseAudioOffer('v=0\r\nm=audio 4000 RTP/SAVP 0\r\nc=IN IP4 1.2.3.4\r\n')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('RTP/SAVP') as string,
    });
    expect(parseAudioOffer('v=0\r\nm=audio 4000 RTP/AVP 0\r\n')).toEqual({
      ok: false,
      reason: 'the offer names no IP address for the audio',
    });
    const g729 = parseAudioOffer('v=0\r\nc=IN IP4 1.2.3.4\r\nm=audio 4000 RTP/AVP 18\r\n');
    expect(g729.ok && chooseCodec(g729.offer)).toBeNull();
  });
});

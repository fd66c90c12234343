import { isIP } from 'node:net';

/** What an SDP offer asks of the call's audio. */
export interface AudioOffer {
  /** Where the caller wants RTP (the `c=` address and the audio `m=` port). */
  address: string;
  port: number;
  /** The payload types it offers, in its order of preference. */
  payloadTypes: number[];
  /** The dynamic payload type of telephone-event/8000, when offered. */
  telephoneEvent: number | null;
  /** The audio m-line's index among all m-lines (the answer keeps their order). */
  mediaIndex: number;
  /** Every m-line's kind, so the answer can refuse the others with port 0. */
  mediaKinds: { kind: string; proto: string; formats: string }[];
}

export type OfferReading = { ok: true; offer: AudioOffer } | { ok: false; reason: string };

/** G.711 as RFC 3551 numbers it. */
export const PCMU = 0;
export const PCMA = 8;

/** Reads the first audio stream of an SDP offer (RFC 8866); anything else is refused with the reason. */
export function parseAudioOffer(sdp: string): OfferReading {
  const lines = sdp.split(/\r?\n/).map((line) => line.trim());
  let sessionAddress: string | null = null;
  const media: {
    kind: string;
    port: number;
    proto: string;
    formats: string;
    address: string | null;
    attrs: string[];
  }[] = [];
  for (const line of lines) {
    const [type, value] = [line.slice(0, 1), line.slice(2)];
    if (line[1] !== '=') continue;
    if (type === 'm') {
      const [kind = '', port = '', proto = '', ...formats] = value.split(/\s+/);
      media.push({
        kind,
        port: Number(port.split('/')[0]),
        proto,
        formats: formats.join(' '),
        address: null,
        attrs: [],
      });
    } else if (type === 'c') {
      const address = value.split(/\s+/)[2]?.split('/')[0] ?? null;
      const current = media.at(-1);
      if (current) current.address = address;
      else sessionAddress = address;
    } else if (type === 'a') {
      media.at(-1)?.attrs.push(value);
    }
  }
  const mediaIndex = media.findIndex((m) => m.kind === 'audio' && m.port > 0);
  const audio = media[mediaIndex];
  if (!audio) return { ok: false, reason: 'the offer has no audio stream' };
  if (!/^RTP\/AVP$/i.test(audio.proto)) {
    return { ok: false, reason: `the audio stream's profile ${audio.proto} is not RTP/AVP (no SRTP here)` };
  }
  const address = audio.address ?? sessionAddress;
  if (!address || isIP(address) === 0)
    return { ok: false, reason: 'the offer names no IP address for the audio' };
  if (!Number.isInteger(audio.port) || audio.port < 1 || audio.port > 65535) {
    return { ok: false, reason: 'the audio port is not a port' };
  }
  const payloadTypes = audio.formats
    .split(' ')
    .filter((format) => /^\d{1,3}$/.test(format))
    .map(Number);
  let telephoneEvent: number | null = null;
  for (const attr of audio.attrs) {
    const match = /^rtpmap:(\d{1,3})\s+telephone-event\/8000/i.exec(attr);
    if (match && payloadTypes.includes(Number(match[1]))) telephoneEvent = Number(match[1]);
  }
  return {
    ok: true,
    offer: {
      address,
      port: audio.port,
      payloadTypes,
      telephoneEvent,
      mediaIndex,
      mediaKinds: media.map(({ kind, proto, formats }) => ({ kind, proto, formats })),
    },
  };
}

/** The G.711 codec both sides take: the caller's first choice among PCMU and PCMA, or null. */
export function chooseCodec(offer: AudioOffer): typeof PCMU | typeof PCMA | null {
  const codec = offer.payloadTypes.find((type) => type === PCMU || type === PCMA);
  return codec === PCMU || codec === PCMA ? codec : null;
}

/** The answer (RFC 3264): the chosen codec and telephone-event on our RTP port; other streams refused. */
export function buildAudioAnswer(input: {
  offer: AudioOffer;
  address: string;
  port: number;
  codec: typeof PCMU | typeof PCMA;
  sessionId: number;
  /** The session's version (o= line), raised with each new answer in the call; the session id by default. */
  version?: number;
  /** The stream's direction (RFC 3264 §6.1): sendrecv unless the offer holds the call. */
  direction?: 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
}): string {
  const { offer, address, port, codec } = input;
  const family = isIP(address) === 6 ? 'IP6' : 'IP4';
  const formats = [codec, ...(offer.telephoneEvent !== null ? [offer.telephoneEvent] : [])];
  const lines = [
    'v=0',
    `o=switchboard ${input.sessionId} ${input.version ?? input.sessionId} IN ${family} ${address}`,
    's=switchboard',
    `c=IN ${family} ${address}`,
    't=0 0',
  ];
  offer.mediaKinds.forEach((media, index) => {
    if (index !== offer.mediaIndex) {
      lines.push(`m=${media.kind} 0 ${media.proto} ${media.formats}`);
      return;
    }
    lines.push(`m=audio ${port} RTP/AVP ${formats.join(' ')}`);
    lines.push(codec === PCMU ? 'a=rtpmap:0 PCMU/8000' : 'a=rtpmap:8 PCMA/8000');
    if (offer.telephoneEvent !== null) {
      lines.push(
        `a=rtpmap:${offer.telephoneEvent} telephone-event/8000`,
        `a=fmtp:${offer.telephoneEvent} 0-16`,
      );
    }
    lines.push('a=ptime:20', `a=${input.direction ?? 'sendrecv'}`);
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** Our offer for a call we place (RFC 3264 §5): PCMU, PCMA and telephone-event 101 on our RTP port. */
export function buildAudioOffer(input: { address: string; port: number; sessionId: number }): string {
  const { address, port, sessionId } = input;
  const family = isIP(address) === 6 ? 'IP6' : 'IP4';
  const lines = [
    'v=0',
    `o=switchboard ${sessionId} ${sessionId} IN ${family} ${address}`,
    's=switchboard',
    `c=IN ${family} ${address}`,
    't=0 0',
    `m=audio ${port} RTP/AVP ${PCMU} ${PCMA} 101`,
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:8 PCMA/8000',
    'a=rtpmap:101 telephone-event/8000',
    'a=fmtp:101 0-16',
    'a=ptime:20',
    'a=sendrecv',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

import { parseAudioOffer, type AudioOffer } from '../../runtime/channels/sip/sdp';

/** An SDP stream's direction attribute (RFC 3264 §5.1); sendrecv when none is given. */
export type MediaDirection = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

const directions = new Set<string>(['sendrecv', 'sendonly', 'recvonly', 'inactive']);

/** The direction of the first audio stream, else the session's, else sendrecv. */
export function offeredDirection(sdp: string): MediaDirection {
  let session: string | null = null;
  let media: string | null = null;
  let section: 'session' | 'audio' | 'other' = 'session';
  let audioSeen = false;
  for (const line of sdp.split(/\r?\n/).map((text) => text.trim())) {
    if (line.startsWith('m=')) {
      section = line.startsWith('m=audio') && !audioSeen ? 'audio' : 'other';
      if (section === 'audio') audioSeen = true;
    } else if (line.startsWith('a=') && directions.has(line.slice(2))) {
      if (section === 'session') session = line.slice(2);
      else if (section === 'audio') media = line.slice(2);
    }
  }
  return (media ?? session ?? 'sendrecv') as MediaDirection;
}

/** Our answer's direction to an offered one (RFC 3264 §6.1): a caller that only sends is only heard. */
export function answerDirection(offered: MediaDirection): MediaDirection {
  if (offered === 'sendonly') return 'recvonly';
  if (offered === 'recvonly') return 'sendonly';
  return offered;
}

export type Reoffer =
  { ok: true; offer: AudioOffer; direction: MediaDirection; held: boolean } | { ok: false; reason: string };

/**
 * A new offer within a call (a re-INVITE or UPDATE with SDP, RFC 3264 §8): it may move the media (a new address
 * or port), put the call on hold (sendonly, inactive, or the old c=0.0.0.0) or take it back, but it must keep
 * the codec the call runs on; one that drops it is refused (488) and the call goes on as it was.
 */
export function readReoffer(sdp: string, codec: 0 | 8): Reoffer {
  const parsed = parseAudioOffer(sdp);
  if (!parsed.ok) return parsed;
  if (!parsed.offer.payloadTypes.includes(codec)) {
    return { ok: false, reason: `the offer drops ${codec === 0 ? 'PCMU' : 'PCMA'}, the codec of the call` };
  }
  const direction = offeredDirection(sdp);
  const held = direction === 'sendonly' || direction === 'inactive' || parsed.offer.address === '0.0.0.0';
  return { ok: true, offer: parsed.offer, direction, held };
}

import type { NameAddr, SipMessage, SipRequest } from '../../providers/telephony/sip/sip-stack';
import type { RtpLine } from '../../runtime/channels/sip/rtp-line';
import { buildAudioAnswer } from '../../runtime/channels/sip/sdp';
import { answerDirection, readReoffer } from './sip-reoffer';

/** The CANCEL of a ringing INVITE (RFC 3261 §9.1): its Request-URI, Call-ID, To, From, top Via and CSeq number. */
export function cancelOf(
  invite: SipMessage,
  plan: { requestUri: string; fromUri: string; callId: string },
): SipMessage {
  return {
    method: 'CANCEL',
    uri: invite.uri ?? plan.requestUri,
    headers: {
      via: (invite.headers.via ?? []).slice(0, 1),
      to: invite.headers.to ?? { uri: plan.requestUri, params: {} },
      from: invite.headers.from ?? { uri: plan.fromUri, params: {} },
      'call-id': plan.callId,
      cseq: { method: 'CANCEL', seq: invite.headers.cseq?.seq ?? 1 },
      'max-forwards': 70,
    },
  };
}

/** A request of ours within a placed call's dialog (RFC 3261 §12.2.1.1): to the callee's Contact, its To tag kept. */
export function placedDialogRequest(
  method: string,
  plan: { requestUri: string; fromUri: string; callId: string },
  remote: { to: NameAddr; contact: string } | null,
  localTag: string,
  seq: number,
): SipMessage {
  return {
    method,
    uri: remote?.contact ?? plan.requestUri,
    headers: {
      to: remote?.to ?? { uri: plan.requestUri, params: {} },
      from: { uri: plan.fromUri, params: { tag: localTag } },
      'call-id': plan.callId,
      cseq: { method, seq },
      via: [],
      'max-forwards': 70,
    },
  };
}

/**
 * Our answer to a callee's new offer (a re-INVITE or UPDATE, RFC 3264 §8): the media moved or held on our RTP
 * line and answered with the matching direction; not ok when it drops the call's codec. A refresh without a
 * body is answered with our last description.
 */
export function answerReoffer(
  request: SipRequest,
  codec: 0 | 8,
  rtp: RtpLine,
  ours: string,
): { ok: true; sdp: string | undefined } | { ok: false } {
  if (!request.content?.trim()) return { ok: true, sdp: request.method === 'INVITE' ? ours : undefined };
  const offer = readReoffer(request.content, codec);
  if (!offer.ok) return { ok: false };
  rtp.redirect(offer.offer.address, offer.offer.port, offer.held);
  const sdp = buildAudioAnswer({
    offer: offer.offer,
    address: /^c=IN IP[46] (\S+)/m.exec(ours)?.[1] ?? '127.0.0.1',
    port: rtp.port,
    codec,
    sessionId: Number(/^o=\S+ (\d+)/m.exec(ours)?.[1] ?? 1),
    version: Date.now() % 2 ** 31,
    direction: answerDirection(offer.direction),
  });
  return { ok: true, sdp };
}

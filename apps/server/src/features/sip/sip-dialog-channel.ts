import type { FastifyBaseLogger } from 'fastify';
import type { SipRequest } from '../../providers/telephony/sip/sip-stack';
import type { Db } from '../../platform/database';
import type { FramePacer } from '../../runtime/channels/frame-pacer';
import type { RtpLine } from '../../runtime/channels/sip/rtp-line';
import { codecOfPayloadType, SipCallChannel } from '../../runtime/channels/sip/sip-call-channel';
import type { AgentRuntime } from '../../runtime/session-types';
import { updateSipCall } from './sip.repo';

/**
 * The conversation of an answered inbound SIP call: the caller (its E.164 From and display name) on the same
 * voice path as a carrier's call, the agent's hang-up and transfer carried out by the dialog.
 */
export function inboundChannel(
  deps: { db: Db; runtime: AgentRuntime; logger: FastifyBaseLogger; pacer: FramePacer },
  call: {
    callId: string;
    invite: SipRequest;
    codec: 0 | 8;
    agentId: number;
    from: string;
    toUri: string;
    recordId: number;
  },
  rtp: RtpLine,
  line: { hangUp(reason: string): void; transfer(destination: string): void },
): SipCallChannel {
  return new SipCallChannel({
    runtime: deps.runtime,
    logger: deps.logger,
    pacer: deps.pacer,
    codec: codecOfPayloadType(call.codec),
    callId: call.callId,
    rtp,
    call: {
      agentAccountId: call.agentId,
      direction: 'inbound',
      contactPhone: call.from,
      contactName: call.invite.headers.from?.name?.replace(/^"|"$/g, '').slice(0, 100) ?? null,
      phoneCall: { callId: call.callId, fromNumber: call.from, toNumber: call.toUri },
      call: {
        hangUp: (reason) => {
          if (reason !== 'caller') line.hangUp(reason);
          return Promise.resolve();
        },
        transfer: (destination) => {
          line.transfer(destination);
          return Promise.resolve();
        },
      },
    },
    onClosed: () => line.hangUp('error'),
    onFinished: (uuid) => {
      if (uuid) void updateSipCall(deps.db, call.recordId, { conversationUuid: uuid }).catch(() => undefined);
    },
  });
}

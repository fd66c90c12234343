import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxTelephony } from '../../providers/telephony/sandbox';
import type { PlacedSandboxCall, SandboxSwitchboard } from '../../providers/telephony/sandbox-network';
import type { FramePacer } from '../../runtime/channels/frame-pacer';
import type { LineCodec } from '../../runtime/channels/line-codec';
import type { TransferRing } from '../../runtime/ports/transfer-ring';
import { TwilioMediaStream, type MediaStreamLink } from '../../runtime/channels/twilio-media-stream';
import type { AgentRuntime } from '../../runtime/session-types';
import { sandboxForwardTarget } from '../phone-numbers/forwarding.service';
import { findCall, updateCall } from './calls.repo';
import type { SoftphoneRinger } from './softphone-ringer';
import { softphoneOwner } from './softphones.repo';
import { admitCall, recordCallStatus, resolveStream, type VoiceCallDeps } from './voice-calls.service';

export interface SandboxCallDeps extends VoiceCallDeps {
  runtime: AgentRuntime;
  logger: FastifyBaseLogger;
  pacer: FramePacer;
}

/** The path of our carrier status webhook, which the sandbox network's status callbacks are delivered to. */
const statusWebhookPath = '/api/twilio/status';
/** How long the network waits for a placed call's phone_calls row (written once placeCall has answered). */
const recordWithinMs = 3_000;

/** Waits (briefly) until the call has its phone_calls row: the placer writes it once it has the call id. */
async function callRecorded(deps: VoiceCallDeps, callId: string): Promise<boolean> {
  const until = Date.now() + recordWithinMs;
  for (;;) {
    if (await findCall(deps.db, callId)) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The agent's leg of a sandbox call: a TwilioMediaStream on `link` with the line's codec, started with the call's
 * single-use stream token as a carrier's `start` message would carry it (the far end never holds the token).
 */
export function joinAgentLeg(
  deps: SandboxCallDeps,
  options: {
    callId: string;
    token: string;
    codec: LineCodec;
    link: MediaStreamLink;
    onSaid?: (role: 'agent' | 'contact', text: string) => void;
    onFinished: (conversationUuid: string | null) => void;
    /** Rings a transfer's destination first (the softphone's calls), showing the caller's number there. */
    ringTransfer?: (destination: string, callerNumber: string) => Promise<TransferRing>;
  },
): TwilioMediaStream {
  const ringTransfer = options.ringTransfer;
  const stream = new TwilioMediaStream({
    runtime: deps.runtime,
    logger: deps.logger,
    pacer: deps.pacer,
    codec: options.codec,
    resolve: async (start) => {
      const call = await resolveStream(deps, start);
      if (!call || !ringTransfer) return call;
      const line = call.call;
      return {
        ...call,
        call: {
          transfer: (destination) => line.transfer(destination),
          hangUp: (reason) => line.hangUp(reason),
          ringTransfer: (destination) => ringTransfer(destination, call.contactPhone),
        },
      };
    },
    link: options.link,
    ...(options.onSaid ? { onSaid: options.onSaid } : {}),
    onFinished: options.onFinished,
  });
  const streamSid = `SBMZ${randomBytes(16).toString('hex')}`;
  stream.receive(
    JSON.stringify({
      event: 'start',
      streamSid,
      start: {
        streamSid,
        callSid: options.callId,
        tracks: ['inbound', 'outbound'],
        customParameters: { callToken: options.token },
        mediaFormat: options.codec.mediaFormat,
      },
    }),
  );
  return stream;
}

/**
 * What this process lends the sandbox network to carry the calls agents place: the status webhook's recording
 * (recordCallStatus), the answer webhook's admission (admitCall, outbound) joined to an agent's leg, the
 * softphones' ringing and the sandbox forwarding (*72).
 */
export function sandboxSwitchboard(
  deps: SandboxCallDeps,
  carrier: SandboxTelephony,
  ringer: SoftphoneRinger,
): SandboxSwitchboard {
  const form = (call: PlacedSandboxCall) => ({
    CallSid: call.callId,
    From: call.from,
    To: call.to,
    Direction: 'outbound-api',
  });
  return {
    async status(call, fields) {
      if (new URL(call.statusUrl, deps.publicUrl).pathname !== statusWebhookPath) {
        deps.logger.warn({ statusUrl: call.statusUrl }, 'a sandbox call status went to an unknown address');
        return;
      }
      await callRecorded(deps, call.callId);
      await recordCallStatus(deps, 'sandbox', { ...form(call), ...fields });
    },
    async answer(call, far, codec) {
      if (!(await callRecorded(deps, call.callId))) return null;
      const admission = await admitCall(deps, 'sandbox', form(call));
      if (admission.kind !== 'connect') return null;
      const stream = joinAgentLeg(deps, {
        callId: call.callId,
        token: admission.token,
        codec,
        link: { send: (message) => far.fromAgent(message), close: () => far.ended() },
        onSaid: (role, text) => {
          if (role === 'agent') far.agentSaid(text);
        },
        onFinished: (conversationUuid) => {
          far.ended();
          if (conversationUuid) {
            void updateCall(deps.db, call.callId, { conversationUuid }).catch((error: unknown) =>
              deps.logger.error({ err: error, callId: call.callId }, 'a sandbox call was not recorded'),
            );
          }
        },
      });
      return {
        receive: (raw) => stream.receive(raw),
        hangUp: () => stream.receive(JSON.stringify({ event: 'stop' })),
      };
    },
    softphoneOwner: (number) => softphoneOwner(deps.db, number),
    ringSoftphone: (call, userId, transfer) => ringer.ring(call, userId, carrier.network, transfer),
    forwardTarget: (number) => sandboxForwardTarget(deps.db, number),
    get tts() {
      return deps.runtime.speech?.tts ?? null;
    },
    failed(error, call) {
      deps.logger.error({ err: error, callId: call.callId }, 'the sandbox network could not carry a call');
    },
  };
}

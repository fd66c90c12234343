import { formatPhoneForDisplay } from '@switchboard/core';
import { sandboxCallId, type SandboxPhoneNetwork } from '../../providers/telephony/sandbox-network';
import type { TransferRing } from '../../runtime/ports/transfer-ring';

/** One side of a bridged call: a softphone page's call socket. */
export interface BridgeParty {
  send(message: Record<string, unknown>): void;
  /** The bridge is over (`caller`: this side hung up, `agent`: the other side did); its socket closes. */
  end(reason: 'caller' | 'agent', seconds: number): void;
}

interface Bridge {
  /** The caller's call, which the agent is transferring. */
  callId: string;
  /** The destination's leg: the call that rings its softphone. */
  legId: string;
  to: string;
  answered: boolean;
  caller: BridgeParty | null;
  target: BridgeParty | null;
  startedAt: number | null;
  over: boolean;
}

type Frame = Record<string, unknown> & { event?: unknown };

const bridgeStreamSid = 'SBMZbridge';

/**
 * Transfers of softphone calls in this process. The destination rings (a leg of its own, shown as the caller's
 * number) while the caller holds; once it answered and the agent let go of the call (the carrier's transfer),
 * the caller's and the destination's call sockets are bridged: what one sends is passed to the other as it
 * comes (both carry 16 kHz PCM), until either hangs up. Declined or rung out, the caller stays with the agent.
 */
export class SoftphoneTransfers {
  private readonly byCall = new Map<string, Bridge>();
  private readonly byLeg = new Map<string, Bridge>();

  constructor(private readonly network: SandboxPhoneNetwork) {}

  /** Rings `to` for the caller's call `callId`; the caller holds until it is answered, declined or rings out. */
  async ring(callId: string, to: string, callerNumber: string): Promise<TransferRing> {
    const earlier = this.byCall.get(callId);
    if (earlier) this.finish(earlier, 'caller');
    const bridge: Bridge = {
      callId,
      legId: sandboxCallId(),
      to,
      answered: false,
      caller: null,
      target: null,
      startedAt: null,
      over: false,
    };
    this.byCall.set(callId, bridge);
    this.byLeg.set(bridge.legId, bridge);
    let rung: TransferRing = 'unrung';
    try {
      rung = await this.network.ringTransfer(bridge.legId, to, { of: callId, shownFrom: callerNumber });
    } finally {
      if (rung === 'answered' && !bridge.over) bridge.answered = true;
      else this.forget(bridge);
    }
    // The caller hung up while it rang: nobody is left to put through.
    return rung === 'answered' && bridge.over ? 'no-answer' : rung;
  }

  /**
   * The agent let go of the call (the carrier's transfer to `to`): true when `to` answered its ring and the
   * caller is bridged there now; false when the call is not one being put through (it then ends as before).
   */
  connectCaller(callId: string, to: string, caller: BridgeParty): boolean {
    const bridge = this.byCall.get(callId);
    if (!bridge?.answered || bridge.over || bridge.to !== to) return false;
    bridge.caller = caller;
    this.start(bridge);
    return true;
  }

  /** The destination's page opened the stream of the leg it answered; false when that transfer is over. */
  joinTarget(legId: string, target: BridgeParty): boolean {
    const bridge = this.byLeg.get(legId);
    if (!bridge?.answered || bridge.over) return false;
    bridge.target = target;
    this.start(bridge);
    return true;
  }

  /** Whether the caller of `callId` is on hold while a transfer rings. */
  ringing(callId: string): boolean {
    const bridge = this.byCall.get(callId);
    return bridge !== undefined && !bridge.answered && !bridge.over;
  }

  /** A message from one side of a bridged call: audio and digits reach the other side, `stop` ends both. */
  pass(id: string, frame: Frame): void {
    const bridge = this.byCall.get(id) ?? this.byLeg.get(id);
    if (bridge?.over !== false) return;
    const fromCaller = bridge.callId === id;
    const other = fromCaller ? bridge.target : bridge.caller;
    if (frame.event === 'stop') this.finish(bridge, fromCaller ? 'caller' : 'transferee');
    else if (bridge.startedAt !== null && (frame.event === 'media' || frame.event === 'dtmf')) {
      other?.send({ ...frame, streamSid: bridgeStreamSid });
    }
  }

  /** A side hung up or its socket closed (`id`: the caller's call or the leg): the ring stops or the bridge ends. */
  hangUp(id: string): void {
    const bridge = this.byCall.get(id) ?? this.byLeg.get(id);
    if (bridge) this.finish(bridge, bridge.callId === id ? 'caller' : 'transferee');
  }

  private start(bridge: Bridge): void {
    const { caller, target } = bridge;
    if (!caller || !target || bridge.startedAt !== null) return;
    bridge.startedAt = Date.now();
    caller.send({ event: 'status', status: 'transferred', to: bridge.to });
    caller.send({
      event: 'transcript',
      role: 'network',
      text: `Connected to ${formatPhoneForDisplay(bridge.to)}.`,
    });
    target.send({ event: 'transcript', role: 'network', text: 'The agent put the caller through to you.' });
  }

  private finish(bridge: Bridge, by: 'caller' | 'transferee'): void {
    if (bridge.over) return;
    bridge.over = true;
    this.forget(bridge);
    // Still ringing: the destination's softphone stops ringing (the ringer hears the leg hang up).
    if (!bridge.answered) this.network.hangUp(bridge.legId);
    const seconds = bridge.startedAt === null ? 0 : Math.round((Date.now() - bridge.startedAt) / 1000);
    bridge.caller?.end(by === 'caller' ? 'caller' : 'agent', seconds);
    bridge.target?.end(by === 'transferee' ? 'caller' : 'agent', seconds);
  }

  private forget(bridge: Bridge): void {
    if (this.byCall.get(bridge.callId) === bridge) this.byCall.delete(bridge.callId);
    if (this.byLeg.get(bridge.legId) === bridge) this.byLeg.delete(bridge.legId);
  }
}

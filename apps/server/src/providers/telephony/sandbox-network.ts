import { randomBytes } from 'node:crypto';
import type { LineCodec } from '../../runtime/channels/line-codec';
import type { TransferRing } from '../../runtime/ports/transfer-ring';
import { mulaw8k } from '../../runtime/channels/line-codec';
import type { TextToSpeech } from '../tts/types';
import { CalleeLine } from './sandbox-callee-line';
import {
  answers,
  defaultCalleeTimings,
  SandboxCallee,
  sandboxCalleePersona,
  type CalleeRecord,
  type CalleeTimings,
} from './sandbox-callees';
import type { OutboundCall } from './types';

/** What the sandbox network can do to a live call's line: the far end of it, in this process. */
export interface SandboxLine {
  /** The agent's side hung up: the far end hears the call end. */
  hangUp(): void;
  /** The agent transferred the call: the far end is told where, and the agent's leg ends. */
  transfer(to: string, callerId: string): void;
  /** The agent's side sent keypad digits. */
  digits?(digits: string): void;
}

/** A call an agent placed, as the network carries it. */
export interface PlacedSandboxCall {
  callId: string;
  to: string;
  from: string;
  answerUrl: string;
  statusUrl: string;
  /** How long it rings before giving up. */
  ringMs: number;
}

/** The far end of a placed call as the agent's leg talks to it (Media Streams messages from the agent). */
export interface FarEnd {
  fromAgent(message: Record<string, unknown>): void;
  /** The line's transcript of what the agent said. */
  agentSaid(text: string): void;
  /** The agent's leg is over (either side ended it). */
  ended(): void;
}

/** The agent's side of an answered call: Media Streams messages into it, and the far end's hang-up. */
export interface AgentLeg {
  receive(raw: string): void;
  hangUp(): void;
}

export type RingOutcome = 'answered' | 'declined' | 'no-answer';

/** A call ringing a softphone because an agent is transferring a live call there. */
export interface RingingTransfer {
  /** The live call being transferred (the caller's). */
  of: string;
  /** The number shown as calling: the original caller's. */
  shownFrom: string;
}

/**
 * What the serving process lends the network to carry placed calls: the call's status webhook, its answer
 * webhook (which joins the agent's leg to the far end), the softphones and the sandbox voice.
 */
export interface SandboxSwitchboard {
  /** A status callback to the call's statusUrl, as the carrier's status webhook would receive it. */
  status(call: PlacedSandboxCall, form: Record<string, string>): Promise<void>;
  /** The call was answered: the answerUrl's agent joined to `far`, or null when its answer was to hang up. */
  answer(call: PlacedSandboxCall, far: FarEnd, codec: LineCodec): Promise<AgentLeg | null>;
  /** The person whose softphone number this is, or null. */
  softphoneOwner(number: string): Promise<number | null>;
  /** Rings the person's softphone page; the page's answer (the call then runs on the page's stream). */
  ringSoftphone(call: PlacedSandboxCall, userId: number, transfer?: RingingTransfer): Promise<RingOutcome>;
  /** Where the sandbox network forwards a number's calls (*72), or null. */
  forwardTarget(number: string): Promise<string | null>;
  readonly tts: TextToSpeech | null;
  failed(error: unknown, call: PlacedSandboxCall): void;
}

export interface SandboxNetworkOptions {
  /** How long a simulated callee that answers lets it ring first. */
  calleeAnswerMs: number;
  /** How long a busy callee takes to say so. */
  busyAfterMs: number;
  calleeTimings: CalleeTimings;
  /** How long a transfer rings its destination before the agent takes the caller back. */
  transferRingMs: number;
}

/** How many callees' records stay readable after their calls end. */
const keptRecords = 500;

/** A sandbox call id, as the contract's paths accept it (SBCA and 32 hex digits). */
export const sandboxCallId = () => `SBCA${randomBytes(16).toString('hex')}`;

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * The sandbox phone network's switchboard, one per process: the live calls between softphones, simulated callees
 * and agents, by sandbox call id. A call an agent places is routed here: to a softphone number (its page rings),
 * a simulated callee (sandbox-callees.ts), or nowhere (it rings out: no-answer). Its status callbacks go to the
 * call's statusUrl as the carrier's would: ringing, in-progress, completed with its duration, or busy, no-answer,
 * failed. The sandbox carrier's hang-up, transfer and digits reach the far end through it.
 */
export class SandboxPhoneNetwork {
  private readonly lines = new Map<string, SandboxLine>();
  private readonly callees = new Map<string, CalleeRecord>();
  private switchboard: SandboxSwitchboard | null = null;
  /**
   * The calls this network placed, by id, with when (epoch ms): they live in this process's memory and end with
   * it. The serving process prunes the ones that ended (sandbox-call-heartbeat.ts).
   */
  readonly placedCalls = new Map<string, number>();
  readonly options: SandboxNetworkOptions = {
    calleeAnswerMs: 2_000,
    busyAfterMs: 500,
    calleeTimings: { ...defaultCalleeTimings },
    transferRingMs: 20_000,
  };

  /** Calls placed before the serving process lent its webhooks (the dialer starts before the routes exist). */
  private readonly unrouted: { callId: string; call: OutboundCall }[] = [];

  /** The serving process lends its webhooks; calls placed before then are carried from now. */
  attach(switchboard: SandboxSwitchboard): void {
    this.switchboard = switchboard;
    for (const { callId, call } of this.unrouted.splice(0)) this.place(callId, call);
  }

  /** A call is live on the network until the returned function is called. */
  connect(callId: string, line: SandboxLine): () => void {
    this.lines.set(callId, line);
    return () => {
      if (this.lines.get(callId) === line) this.lines.delete(callId);
    };
  }

  isLive(callId: string): boolean {
    return this.lines.has(callId);
  }

  hangUp(callId: string): void {
    this.lines.get(callId)?.hangUp();
  }

  transfer(callId: string, to: string, callerId: string): void {
    this.lines.get(callId)?.transfer(to, callerId);
  }

  /**
   * Rings the destination of a transfer of live call `of` on the leg `legId`, showing the caller's number: a
   * softphone number (or a number forwarded to one, *72) rings its owner's open pages like a placed call. Any
   * other number is `unrung`: the carrier's transfer hands the call over as before. Hanging up `legId` on the
   * network stops the ringing.
   */
  async ringTransfer(legId: string, to: string, transfer: RingingTransfer): Promise<TransferRing> {
    const switchboard = this.switchboard;
    if (!switchboard) return 'unrung';
    const forwarded = await switchboard.forwardTarget(to);
    const target = forwarded && (await switchboard.softphoneOwner(forwarded)) !== null ? forwarded : to;
    const owner = await switchboard.softphoneOwner(target);
    if (owner === null) return 'unrung';
    const leg: PlacedSandboxCall = {
      callId: legId,
      to: target,
      from: transfer.shownFrom,
      answerUrl: '',
      statusUrl: '',
      ringMs: this.options.transferRingMs,
    };
    return switchboard.ringSoftphone(leg, owner, transfer);
  }

  /** Keypad digits from the agent's side of a live call (the carrier's send-digits). */
  sendDigits(callId: string, digits: string): void {
    this.lines.get(callId)?.digits?.(digits);
  }

  /** What a simulated callee said, heard and recorded on a call (kept after it ends), or null. */
  callee(callId: string): CalleeRecord | null {
    return this.callees.get(callId) ?? null;
  }

  /** Carries a call an agent placed, in the background. */
  place(callId: string, call: OutboundCall): void {
    this.placedCalls.set(callId, Date.now());
    const switchboard = this.switchboard;
    if (!switchboard) {
      this.unrouted.push({ callId, call });
      return;
    }
    const placed: PlacedSandboxCall = {
      callId,
      to: call.to,
      from: call.from,
      answerUrl: call.answerUrl,
      statusUrl: call.statusUrl,
      ringMs: Math.max(1, call.ringSeconds ?? 30) * 1000,
    };
    void this.route(switchboard, placed).catch((error: unknown) => {
      switchboard.failed(error, placed);
      void switchboard.status(placed, { CallStatus: 'failed' }).catch(() => undefined);
    });
  }

  private async route(switchboard: SandboxSwitchboard, call: PlacedSandboxCall): Promise<void> {
    const status = (CallStatus: string, extra: Record<string, string> = {}) =>
      switchboard.status(call, { CallStatus, ...extra });
    const forwarded = await switchboard.forwardTarget(call.to);
    let to = call.to;
    if (forwarded && (sandboxCalleePersona(forwarded) || (await switchboard.softphoneOwner(forwarded)))) {
      to = forwarded;
    }
    const persona = sandboxCalleePersona(to);
    if (persona === 'not-in-service') return status('failed');
    await status('ringing');
    if (persona === 'busy') {
      await wait(Math.min(this.options.busyAfterMs, call.ringMs));
      return status('busy');
    }
    if (persona && answers(persona) && this.options.calleeAnswerMs < call.ringMs) {
      await wait(this.options.calleeAnswerMs);
      return this.answerCallee(switchboard, { ...call, to }, persona);
    }
    const owner = persona ? null : await switchboard.softphoneOwner(to);
    if (owner !== null) {
      const outcome = await switchboard.ringSoftphone({ ...call, to }, owner);
      if (outcome === 'answered') return status('in-progress');
      return status(outcome === 'declined' ? 'busy' : 'no-answer');
    }
    await wait(call.ringMs);
    return status('no-answer');
  }

  /** A simulated callee picks up: the agent's leg and the callee's line, joined until either hangs up. */
  private async answerCallee(
    switchboard: SandboxSwitchboard,
    call: PlacedSandboxCall,
    persona: NonNullable<ReturnType<typeof sandboxCalleePersona>>,
  ): Promise<void> {
    let leg: AgentLeg | null = null;
    let answeredAt = 0;
    let over = false;
    const finish = (by: 'callee' | 'caller') => {
      if (over) return;
      over = true;
      disconnect();
      line.stop();
      if (by === 'caller') callee.ended();
      // The agent's leg ends with the call, whoever ended it (a no-op once its conversation is over).
      leg?.hangUp();
      const seconds = answeredAt ? Math.round((performance.now() - answeredAt) / 1000) : 0;
      void switchboard
        .status(call, { CallStatus: 'completed', CallDuration: String(seconds) })
        .catch((error: unknown) => switchboard.failed(error, call));
    };
    const line = new CalleeLine({
      tts: switchboard.tts,
      codec: mulaw8k,
      send: (message) => leg?.receive(JSON.stringify(message)),
      hangUp: () => finish('callee'),
      onError: (error) => switchboard.failed(error, call),
    });
    const callee = new SandboxCallee(call.callId, call.to, persona, line, this.options.calleeTimings);
    this.keep(callee.record);
    const disconnect = this.connect(call.callId, {
      hangUp: () => finish('caller'),
      transfer: () => finish('caller'),
      digits: (digits) => {
        for (const digit of digits) callee.digit(digit);
      },
    });
    await switchboard.status(call, { CallStatus: 'in-progress' });
    leg = await switchboard.answer(
      call,
      {
        fromAgent: (message) => {
          if (message.event === 'media') callee.heardAudio();
          else if (message.event === 'mark')
            leg?.receive(JSON.stringify({ event: 'mark', mark: message.mark }));
          else if (message.event === 'dtmf') {
            const digit = (message.dtmf as { digit?: unknown } | undefined)?.digit;
            if (typeof digit === 'string') callee.digit(digit);
          }
        },
        agentSaid: (text) => callee.heardSaying(text),
        ended: () => finish('caller'),
      },
      mulaw8k,
    );
    if (!leg) {
      // The answer webhook hung up (the call is not one of ours to connect).
      callee.ended();
      finish('caller');
      return;
    }
    answeredAt = performance.now();
    line.start();
    await callee.answered();
  }

  private keep(record: CalleeRecord): void {
    this.callees.set(record.callId, record);
    if (this.callees.size > keptRecords) {
      const oldest = this.callees.keys().next().value;
      if (oldest !== undefined) this.callees.delete(oldest);
    }
  }
}

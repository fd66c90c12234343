import type {
  PlacedSandboxCall,
  RingingTransfer,
  RingOutcome,
  SandboxPhoneNetwork,
} from '../../providers/telephony/sandbox-network';

/** What the softphone page hears about its incoming calls. */
export type RingEvent =
  | {
      event: 'incoming';
      callId: string;
      from: string;
      to: string;
      ringSeconds: number;
      /** An agent is transferring a caller (`from`) to this softphone. */
      transfer: boolean;
    }
  | { event: 'ringEnded'; callId: string; reason: RingOutcome | 'canceled' };

interface Ringing {
  userId: number;
  call: PlacedSandboxCall;
  /** The number shown as calling (the original caller's, on a transfer). */
  shownFrom: string;
  /** The live call an agent is transferring here, if that is what rings. */
  transferOf: string | null;
  settle: (outcome: RingOutcome | 'canceled') => void;
}

/**
 * The softphones' ringing in this process: the pages each person has open (their event sockets), and the calls
 * ringing them. A call rings every open page of its person until one answers or declines, or it rings out; with
 * no page open it rings out (no-answer).
 */
export class SoftphoneRinger {
  private readonly pages = new Map<number, Set<(event: RingEvent) => void>>();
  private readonly ringing = new Map<string, Ringing>();

  /** A softphone page opened; it hears the person's calls until the returned function is called. */
  open(userId: number, send: (event: RingEvent) => void): () => void {
    const pages = this.pages.get(userId) ?? new Set();
    pages.add(send);
    this.pages.set(userId, pages);
    for (const [callId, ringing] of this.ringing) {
      if (ringing.userId === userId) send(this.incoming(callId, ringing));
    }
    return () => {
      pages.delete(send);
      if (pages.size === 0 && this.pages.get(userId) === pages) this.pages.delete(userId);
    };
  }

  /** Whether the person has a softphone page open. */
  isOpen(userId: number): boolean {
    return (this.pages.get(userId)?.size ?? 0) > 0;
  }

  /**
   * Rings the person's softphone with `call` until answered, declined, rung out, or hung up by the caller's side
   * (through the network); a transfer shows the original caller's number.
   */
  ring(
    call: PlacedSandboxCall,
    userId: number,
    network: SandboxPhoneNetwork,
    transfer?: RingingTransfer,
  ): Promise<RingOutcome> {
    return new Promise((resolve) => {
      let disconnect: () => void = () => undefined;
      const timer = setTimeout(() => entry.settle('no-answer'), call.ringMs);
      timer.unref();
      const entry: Ringing = {
        userId,
        call,
        shownFrom: transfer?.shownFrom ?? call.from,
        transferOf: transfer?.of ?? null,
        settle: (outcome) => {
          if (this.ringing.get(call.callId) !== entry) return;
          clearTimeout(timer);
          this.ringing.delete(call.callId);
          disconnect();
          this.tell(userId, { event: 'ringEnded', callId: call.callId, reason: outcome });
          resolve(outcome === 'canceled' ? 'no-answer' : outcome);
        },
      };
      this.ringing.set(call.callId, entry);
      disconnect = network.connect(call.callId, {
        hangUp: () => entry.settle('canceled'),
        transfer: () => entry.settle('canceled'),
      });
      this.tell(userId, this.incoming(call.callId, entry));
    });
  }

  /** The person answers a call ringing their softphone: the call, or null when none of theirs is ringing. */
  answer(
    userId: number,
    callId: string,
  ): { call: PlacedSandboxCall; shownFrom: string; transferOf: string | null } | null {
    const ringing = this.ringing.get(callId);
    if (ringing?.userId !== userId) return null;
    ringing.settle('answered');
    return { call: ringing.call, shownFrom: ringing.shownFrom, transferOf: ringing.transferOf };
  }

  /** The person declines (the caller hears busy); false when no call of theirs is ringing with this id. */
  decline(userId: number, callId: string): boolean {
    const ringing = this.ringing.get(callId);
    if (ringing?.userId !== userId) return false;
    ringing.settle('declined');
    return true;
  }

  private incoming(callId: string, ringing: Ringing): RingEvent {
    return {
      event: 'incoming',
      callId,
      from: ringing.shownFrom,
      to: ringing.call.to,
      ringSeconds: Math.round(ringing.call.ringMs / 1000),
      transfer: ringing.transferOf !== null,
    };
  }

  private tell(userId: number, event: RingEvent): void {
    for (const send of this.pages.get(userId) ?? []) send(event);
  }
}

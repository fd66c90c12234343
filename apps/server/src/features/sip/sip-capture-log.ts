import type { FastifyBaseLogger } from 'fastify';
import { sip, type Remote, type SipMessage } from '../../providers/telephony/sip/sip-stack';
import type { Db } from '../../platform/database';
import { insertSipMessages } from './sip.repo';

interface Captured {
  sipCallId: string;
  direction: 'in' | 'out';
  peer: string;
  summary: string;
  raw: string;
  createdAt: Date;
}

/** Messages of a call held until its account is known (an INVITE's checks take a few queries). */
const pendingLimit = 32;
/** A call whose account never became known (a refused scan) is forgotten after this long. */
const pendingMs = 60_000;

export const peerOf = (remote: Pick<Remote, 'protocol' | 'address' | 'port'>) =>
  `${remote.protocol.toLowerCase()}:${remote.address.includes(':') ? `[${remote.address}]` : remote.address}:${remote.port}`;

/**
 * Keeps the SIP messages of calls for their account's captures (FACTS §8). A message is written once its call's
 * account is known; messages of calls to no agent are not kept, so a scanner's traffic stores nothing.
 */
export class SipCaptureLog {
  private readonly accounts = new Map<string, { accountId: number; at: number }>();
  private readonly pending = new Map<string, { messages: Captured[]; at: number }>();
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** A message that crossed the wire. */
  record(
    message: SipMessage,
    direction: 'in' | 'out',
    remote: Pick<Remote, 'protocol' | 'address' | 'port'>,
  ) {
    const sipCallId = (message.headers['call-id'] ?? '').slice(0, 300);
    if (sipCallId === '') return;
    const captured: Captured = {
      sipCallId,
      direction,
      peer: peerOf(remote),
      summary: message.method ?? `${message.status ?? ''} ${message.reason ?? ''}`.trim(),
      raw: sip.stringify(message).slice(0, 20_000),
      createdAt: new Date(),
    };
    const account = this.accounts.get(sipCallId);
    if (account) {
      this.write(account.accountId, [captured]);
      return;
    }
    this.prune();
    if (!this.pending.has(sipCallId) && this.pending.size >= 1000) return;
    const held = this.pending.get(sipCallId) ?? { messages: [], at: Date.now() };
    if (held.messages.length < pendingLimit) held.messages.push(captured);
    this.pending.set(sipCallId, held);
  }

  /** The call belongs to this account: what was held is written, and what follows as it comes. */
  assign(sipCallId: string, accountId: number): void {
    this.accounts.set(sipCallId, { accountId, at: Date.now() });
    const held = this.pending.get(sipCallId);
    this.pending.delete(sipCallId);
    if (held) this.write(accountId, held.messages);
  }

  /** The call is over: its last messages (a retransmitted 200, the ACK) may still come for a while. */
  release(sipCallId: string): void {
    setTimeout(() => this.accounts.delete(sipCallId), pendingMs).unref();
  }

  /** Waits for the writes queued so far. */
  flush(): Promise<void> {
    return this.writes;
  }

  private write(accountId: number, messages: Captured[]): void {
    this.writes = this.writes
      .then(() =>
        insertSipMessages(
          this.db,
          messages.map((message) => ({ ...message, accountId })),
        ),
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'SIP messages were not captured'));
  }

  private prune(): void {
    const now = Date.now();
    for (const [callId, held] of this.pending) if (now - held.at > pendingMs) this.pending.delete(callId);
  }
}

/**
 * What the runtime asks of the wallet that pays for a conversation, without knowing about ledgers or prices: may
 * a conversation start, charge this usage as it happens, credit a conversation back when it failed through the
 * platform's fault. The ledger implements it; without one (a runtime on its own) nothing is metered.
 */
export interface UsageToCharge {
  /** The agent account the conversation belongs to (the gate finds the wallet that pays for it). */
  agentAccountId: number;
  /** A usage key of the price catalogue: `pstn-inbound-voice`, `gpt4o-input-tokens`, `sms-outbound-message`… */
  usageKey: string;
  /** Keys to price at, in order, when the plan has no item for `usageKey` (a model's family, then the default). */
  alternatives?: readonly string[];
  quantity: number;
  /** Charged once per key, however often it is sent. */
  eventKey: string;
  conversationId: string;
}

export type Admission = { admitted: true } | { admitted: false; reason: string };

export interface BalanceGate {
  /** Before a conversation starts: refused when the paying wallet is empty. */
  admit(agentAccountId: number): Promise<Admission>;
  /** Charges usage already delivered; `exhausted` once the wallet is below zero by more than the grace. */
  charge(usage: UsageToCharge): Promise<'ok' | 'exhausted'>;
  /** Returns what a conversation was charged, with the reason on the transaction (our fault, not the caller's). */
  creditBack(input: { agentAccountId: number; conversationId: string; reason: string }): Promise<void>;
}

/** What the caller hears or reads when the wallet that pays for the agent is empty. */
export const refusalLines = {
  voice: 'Sorry, this line cannot take calls right now. Please try again later. Goodbye.',
  text: 'Sorry, this agent cannot reply right now. Please try again later.',
} as const;

/** Said before a running call is ended because the wallet ran out. */
export const balanceEndedLine =
  'I am sorry, I have to end our call now because this line has run out of credit. Goodbye.';

/** No metering: every conversation is admitted and nothing is charged. */
export const unmeteredGate: BalanceGate = {
  admit: () => Promise.resolve({ admitted: true }),
  charge: () => Promise.resolve('ok'),
  creditBack: () => Promise.resolve(),
};

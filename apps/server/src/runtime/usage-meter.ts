import type { FastifyBaseLogger } from 'fastify';
import type { BalanceGate } from './ports/balance-gate';

/** The model's token keys in the price catalogue (FACTS §9.1); every chat model is priced as gpt4o. */
export const tokenKeys = { input: 'gpt4o-input-tokens', output: 'gpt4o-output-tokens' } as const;

export interface UsageMeterInput {
  gate: BalanceGate;
  logger: FastifyBaseLogger;
  minuteMs: number;
  agentAccountId: number;
  conversationId: string;
  /** The voice key of the call right now (`pstn-inbound-voice`…), null while it is a chat. */
  voiceKey: () => string | null;
  tokens: () => { inputTokens: number; outputTokens: number };
  /** The paying wallet is below zero by more than the grace: end the conversation. */
  onExhausted: () => void;
}

export interface UsageMeter {
  /** Stops the clock and charges what is left: tokens not yet charged, minutes the clock missed. */
  finish(elapsedMs: number): Promise<void>;
}

/**
 * Charges a running conversation as it goes: each started minute of voice at its start (minute 1 when the call
 * opens), and the tokens used since the last tick, so a long call is paid for while it runs, not only at the end.
 * Every charge has a key of its own (conversation, key, minute), so a retried tick never charges twice.
 */
export function startUsageMeter(input: UsageMeterInput): UsageMeter {
  const { gate, conversationId, agentAccountId } = input;
  let minutesCharged = 0;
  let tokensCharged = { inputTokens: 0, outputTokens: 0 };
  let tick = 0;
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;

  const charge = async (usageKey: string, quantity: number, suffix: string) => {
    if (quantity <= 0) return;
    const state = await gate.charge({
      agentAccountId,
      conversationId,
      usageKey,
      quantity,
      eventKey: `${conversationId}:${usageKey}:${suffix}`,
    });
    if (state === 'exhausted' && !stopped) input.onExhausted();
  };

  const chargeTokens = async (suffix: string) => {
    const now = input.tokens();
    const delta = {
      inputTokens: now.inputTokens - tokensCharged.inputTokens,
      outputTokens: now.outputTokens - tokensCharged.outputTokens,
    };
    tokensCharged = { ...now };
    await charge(tokenKeys.input, delta.inputTokens, suffix);
    await charge(tokenKeys.output, delta.outputTokens, suffix);
  };

  const chargeMinute = async () => {
    const key = input.voiceKey();
    if (key === null) return;
    minutesCharged += 1;
    await charge(key, 1, `minute-${String(minutesCharged)}`);
  };

  const step = (work: () => Promise<void>) => {
    chain = chain
      .then(work)
      .catch((error: unknown) => input.logger.error({ err: error, conversationId }, 'usage was not charged'));
    return chain;
  };

  void step(chargeMinute);
  const timer = setInterval(() => {
    tick += 1;
    const suffix = `tick-${String(tick)}`;
    void step(async () => {
      await chargeMinute();
      await chargeTokens(suffix);
    });
  }, input.minuteMs);
  timer.unref();

  return {
    async finish(elapsedMs) {
      if (stopped) return chain;
      clearInterval(timer);
      await step(async () => {
        const owed = Math.ceil(elapsedMs / input.minuteMs);
        while (input.voiceKey() !== null && minutesCharged < owed) await chargeMinute();
        await chargeTokens('final');
      });
      stopped = true;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import type { BalanceGate } from './ports/balance-gate';

/** The platform's default token price (FACTS §9.1): a model the catalogue does not price is charged as gpt4o. */
const defaultTokenFamily = 'gpt4o';

/**
 * The catalogue names a model's token items `<family>-input-tokens` / `<family>-output-tokens`, the family being the
 * model id in camel case without its provider (`openai:gpt-4o-mini` → `gpt4oMini`, `gpt-4.1` → `gpt41`). Answers
 * the families to try, most specific first: a dated or preview model (`gpt-4o-realtime-preview-2024-12-17`) falls
 * back to `gpt4oRealtime`, then `gpt4o`; the platform default comes last.
 */
export function tokenFamilies(modelName: string): string[] {
  const id = modelName.includes(':') ? modelName.slice(modelName.indexOf(':') + 1) : modelName;
  const parts = id.split(/[-._/\s]+/).filter((part) => /^[a-zA-Z0-9]+$/.test(part));
  const families: string[] = [];
  // A vendor's name alone (`gpt` of `gpt-4o`) names no model: the shortest family keeps two parts.
  for (let length = parts.length; length >= Math.min(2, parts.length); length -= 1) {
    const family = parts
      .slice(0, length)
      .map((part, index) =>
        index === 0 || /^\d/.test(part)
          ? part.toLowerCase()
          : part.charAt(0).toUpperCase() + part.slice(1).toLowerCase(),
      )
      .join('');
    if (!families.includes(family)) families.push(family);
  }
  if (!families.includes(defaultTokenFamily)) families.push(defaultTokenFamily);
  return families;
}

/** The usage keys a model's input or output tokens are charged at, most specific first. */
export function tokenKeysFor(modelName: string, side: 'input' | 'output'): [string, ...string[]] {
  const [first, ...rest] = tokenFamilies(modelName).map((family) => `${family}-${side}-tokens`);
  return [first ?? `${defaultTokenFamily}-${side}-tokens`, ...rest];
}

/**
 * The voice usage key of a call (FACTS §9.1): `sip-…` when either end of the phone call is a SIP address (a call
 * through a SIP trunk or domain), `pstn-…` on other phone lines, `client-…` in the browser or the app.
 */
export function voiceUsageKey(
  phoneCall: { fromNumber: string; toNumber: string } | undefined,
  direction: 'inbound' | 'outbound',
): string {
  const isSip = (address: string) => /^sips?:/i.test(address.trim());
  const network = !phoneCall
    ? 'client'
    : isSip(phoneCall.fromNumber) || isSip(phoneCall.toNumber)
      ? 'sip'
      : 'pstn';
  return `${network}-${direction}-voice`;
}

export interface UsageMeterInput {
  gate: BalanceGate;
  logger: FastifyBaseLogger;
  minuteMs: number;
  agentAccountId: number;
  conversationId: string;
  /** The model's name (`openai:gpt-4o-mini`, `sandbox`): its tokens are charged at that model's prices. */
  modelName: string;
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

  const charge = async (keys: readonly [string, ...string[]], quantity: number, suffix: string) => {
    if (quantity <= 0) return;
    const [usageKey, ...alternatives] = keys;
    const state = await gate.charge({
      agentAccountId,
      conversationId,
      usageKey,
      ...(alternatives.length > 0 ? { alternatives } : {}),
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
    await charge(tokenKeysFor(input.modelName, 'input'), delta.inputTokens, suffix);
    await charge(tokenKeysFor(input.modelName, 'output'), delta.outputTokens, suffix);
  };

  const chargeMinute = async () => {
    const key = input.voiceKey();
    if (key === null) return;
    minutesCharged += 1;
    await charge([key], 1, `minute-${String(minutesCharged)}`);
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

import type { TaskDialPolicy } from './dialer.repo';

/**
 * The dialer's retry policy when a task sets none: three tries in all, the second ten minutes after the first,
 * the third thirty minutes after the second. A task's `dialPolicy` overrides any part of it.
 */
export const defaultDialPolicy = {
  maxAttempts: 3,
  retryDelaysSeconds: [600, 1800],
  voicemail: 'leave-message',
} as const satisfies Required<TaskDialPolicy>;

/** How a try ended, as far as retrying goes. */
export type TryResult = 'completed' | 'no-answer' | 'busy' | 'failed' | 'canceled' | 'interrupted' | 'sent';

/** Results worth another try: nobody picked up, the line was busy, the carrier failed, or a crash cut it off. */
const retryable: ReadonlySet<TryResult> = new Set(['no-answer', 'busy', 'failed', 'interrupted']);

export function policyOf(own: TaskDialPolicy | null): Required<TaskDialPolicy> {
  return {
    maxAttempts: own?.maxAttempts ?? defaultDialPolicy.maxAttempts,
    retryDelaysSeconds: own?.retryDelaysSeconds?.length
      ? own.retryDelaysSeconds
      : [...defaultDialPolicy.retryDelaysSeconds],
    voicemail: own?.voicemail ?? defaultDialPolicy.voicemail,
  };
}

/**
 * What follows a try: another one after `delaySeconds`, or none. `triesSoFar` counts the try that just ended;
 * `retryableError` is false for a carrier refusal that would fail the same way again (a bad number).
 */
export function nextTry(
  own: TaskDialPolicy | null,
  triesSoFar: number,
  result: TryResult,
  retryableError = true,
): { retry: true; delaySeconds: number } | { retry: false } {
  const policy = policyOf(own);
  if (!retryable.has(result) || !retryableError || triesSoFar >= policy.maxAttempts) return { retry: false };
  const delays = policy.retryDelaysSeconds;
  return { retry: true, delaySeconds: delays[Math.min(triesSoFar - 1, delays.length - 1)] ?? 600 };
}

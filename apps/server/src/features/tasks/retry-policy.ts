import { taskRetryOutcomes, type RetryPolicyView } from '@switchboard/contract';
import type { TaskDialPolicy, TaskRetryPolicy } from './tasks.repo';

/**
 * The retry policy where no account sets one: three tries in all, the second ten minutes after the first, the
 * third thirty minutes after the second; nobody answering, a busy line, a carrier failure and a crash are retried.
 */
export const defaultRetryPolicy: RetryPolicyView = {
  maxAttempts: 3,
  retryDelaysSeconds: [600, 1800],
  retryOn: ['no-answer', 'busy', 'failed', 'interrupted'],
};

/** How a try ended, as far as retrying goes. */
export type TryResult = 'completed' | 'no-answer' | 'busy' | 'failed' | 'canceled' | 'interrupted' | 'sent';

const delayBefore = (delays: readonly number[], retry: number) =>
  delays[Math.min(retry, delays.length - 1)] ?? 0;

const isSet = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/**
 * Every level's policy together, top first: the fewest attempts any level allows, for each retry the longest
 * delay any level sets, and only the outcomes every level that chose some retries. Where no level sets a field,
 * the default holds (it is not a ceiling).
 */
export function narrowRetryPolicies(levels: readonly (TaskRetryPolicy | null)[]): RetryPolicyView {
  const set = levels.filter(isSet);
  const attempts = set.map((policy) => policy.maxAttempts).filter(isSet);
  const delays = set
    .map((policy) => policy.retryDelaysSeconds)
    .filter((list) => isSet(list) && list.length > 0);
  const outcomeLists = set.map((policy) => policy.retryOn).filter(isSet);
  const longest = Math.max(0, ...delays.map((list) => list?.length ?? 0));
  return {
    maxAttempts: attempts.length > 0 ? Math.min(...attempts) : defaultRetryPolicy.maxAttempts,
    retryDelaysSeconds:
      delays.length > 0
        ? Array.from({ length: longest }, (_, retry) =>
            Math.max(...delays.map((list) => delayBefore(list ?? [], retry))),
          )
        : [...defaultRetryPolicy.retryDelaysSeconds],
    retryOn:
      outcomeLists.length > 0
        ? taskRetryOutcomes.filter((outcome) => outcomeLists.every((list) => list.includes(outcome)))
        : [...defaultRetryPolicy.retryOn],
  };
}

/** Why `next` would widen what `level` (an ancestor, by name) sets, or null when it only narrows it. */
export function retryPolicyWidening(
  next: TaskRetryPolicy | null,
  level: { name: string; policy: TaskRetryPolicy | null },
): string | null {
  const outer = level.policy;
  if (!next || !outer) return null;
  if (isSet(next.maxAttempts) && isSet(outer.maxAttempts) && next.maxAttempts > outer.maxAttempts) {
    return `retryPolicy.maxAttempts: ${String(next.maxAttempts)} tries is more than the ${String(outer.maxAttempts)} inherited from ${level.name}`;
  }
  const mine = next.retryDelaysSeconds ?? [];
  const theirs = outer.retryDelaysSeconds ?? [];
  if (mine.length > 0 && theirs.length > 0) {
    for (let retry = 0; retry < Math.max(mine.length, theirs.length); retry += 1) {
      const own = delayBefore(mine, retry);
      const inherited = delayBefore(theirs, retry);
      if (own < inherited) {
        return `retryPolicy.retryDelaysSeconds[${String(Math.min(retry, mine.length - 1))}]: ${String(own)} s before try ${String(retry + 2)} is shorter than the ${String(inherited)} s inherited from ${level.name}`;
      }
    }
  }
  const extra = (next.retryOn ?? []).filter((outcome) => outer.retryOn && !outer.retryOn.includes(outcome));
  if (extra.length > 0) {
    return `retryPolicy.retryOn: ${extra.map((outcome) => `"${outcome}"`).join(', ')} is not retried by ${level.name}, so it cannot be retried here`;
  }
  return null;
}

/** What a task does where its own dial policy sets nothing (the retries are the account's, see below). */
export const defaultDialPolicy = {
  maxAttempts: defaultRetryPolicy.maxAttempts,
  retryDelaysSeconds: defaultRetryPolicy.retryDelaysSeconds,
  voicemail: 'leave-message',
} as const satisfies Required<TaskDialPolicy>;

export function policyOf(own: TaskDialPolicy | null): Required<TaskDialPolicy> {
  return {
    maxAttempts: own?.maxAttempts ?? defaultDialPolicy.maxAttempts,
    retryDelaysSeconds: own?.retryDelaysSeconds?.length
      ? own.retryDelaysSeconds
      : [...defaultDialPolicy.retryDelaysSeconds],
    voicemail: own?.voicemail ?? defaultDialPolicy.voicemail,
  };
}

/** The policy a task runs under: its own dial policy where it sets one, else the account's policy in force. */
export function policyForTask(inForce: RetryPolicyView, own: TaskDialPolicy | null): RetryPolicyView {
  return {
    ...inForce,
    maxAttempts: own?.maxAttempts ?? inForce.maxAttempts,
    retryDelaysSeconds: own?.retryDelaysSeconds?.length ? own.retryDelaysSeconds : inForce.retryDelaysSeconds,
  };
}

/**
 * What follows a try: another one after `delaySeconds`, or none. `triesSoFar` counts the try that just ended; a
 * completed call that reached a voicemail counts as `voicemail`; `retryable` is false for a carrier refusal that
 * would fail the same way again (a bad number).
 */
export function nextTry(
  policy: RetryPolicyView,
  triesSoFar: number,
  end: { result: TryResult; answeredBy?: string | null; retryable?: boolean },
): { retry: true; delaySeconds: number } | { retry: false } {
  const outcome = end.result === 'completed' && end.answeredBy === 'voicemail' ? 'voicemail' : end.result;
  const retried = (policy.retryOn as readonly string[]).includes(outcome);
  if (!retried || end.retryable === false || triesSoFar >= policy.maxAttempts) return { retry: false };
  return { retry: true, delaySeconds: delayBefore(policy.retryDelaysSeconds, triesSoFar - 1) };
}

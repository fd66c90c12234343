/**
 * The getting-started walkthrough (spec part 1 §3 "Walkthrough", §4 "Walkthrough"): four steps kept in the
 * account settings under `walkthrough` as `{ version: 1, completed: [...] }`, plus the step in progress.
 */

export const walkthroughSteps = ['SETUP_AGENT', 'TEST_AGENT', 'ADD_NUMBER', 'FORWARD_CALLS'] as const;

export type WalkthroughStep = (typeof walkthroughSteps)[number];

export const walkthroughVersion = 1;

export interface WalkthroughState {
  version: typeof walkthroughVersion;
  completed: WalkthroughStep[];
  /** The step the person is working through now; `null` when none is. */
  active: WalkthroughStep | null;
}

export function isWalkthroughStep(value: unknown): value is WalkthroughStep {
  return typeof value === 'string' && (walkthroughSteps as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `settings.walkthrough`; `null` when none was ever saved (or it is not version 1). */
export function readWalkthrough(stored: unknown): WalkthroughState | null {
  if (!isRecord(stored) || stored.version !== walkthroughVersion) return null;
  const completed = Array.isArray(stored.completed) ? stored.completed.filter(isWalkthroughStep) : [];
  return {
    version: walkthroughVersion,
    completed: inOrder(completed),
    active: isWalkthroughStep(stored.active) ? stored.active : null,
  };
}

function inOrder(steps: Iterable<WalkthroughStep>): WalkthroughStep[] {
  const set = new Set(steps);
  return walkthroughSteps.filter((step) => set.has(step));
}

function fresh(): WalkthroughState {
  return { version: walkthroughVersion, completed: [], active: null };
}

/** Every step done. */
export function isWalkthroughComplete(state: WalkthroughState | null): boolean {
  return state !== null && walkthroughSteps.every((step) => state.completed.includes(step));
}

/** Starts a step; the first start saves version 1 with nothing completed. */
export function startWalkthroughStep(
  state: WalkthroughState | null,
  step: WalkthroughStep,
): WalkthroughState {
  return { ...(state ?? fresh()), active: step };
}

/** Marks a step completed; when it was the active step, the walkthrough ends (nothing active). */
export function finishWalkthroughStep(
  state: WalkthroughState | null,
  step: WalkthroughStep,
): WalkthroughState {
  const base = state ?? fresh();
  return {
    ...base,
    completed: inOrder([...base.completed, step]),
    active: base.active === step ? null : base.active,
  };
}

/** The first step not completed yet, in order; `null` when all are. */
export function nextWalkthroughStep(state: WalkthroughState | null): WalkthroughStep | null {
  const completed = state?.completed ?? [];
  return walkthroughSteps.find((step) => !completed.includes(step)) ?? null;
}

/** Starts the first step not completed; unchanged when every step is. */
export function startNextWalkthroughStep(state: WalkthroughState | null): WalkthroughState | null {
  const step = nextWalkthroughStep(state);
  return step === null ? state : startWalkthroughStep(state, step);
}

/** What the load rule looks at in the signed-in account. */
export interface WalkthroughUserFacts {
  /** The account has a phone number of its own. */
  hasPhoneNumber: boolean;
  /** `settings.onboarding.onboardingComplete`. */
  onboardingComplete: boolean;
  /** Created before the legacy cutoff. */
  legacy: boolean;
}

/**
 * When the account loads and the walkthrough is not complete: an account with a phone number has set up, tested
 * and numbered its agent; otherwise a finished onboarding, or failing that a legacy account, has set up its agent.
 * Returns the same object when nothing changes, so the caller can skip saving.
 */
export function completeWalkthroughOnLoad(
  state: WalkthroughState | null,
  user: WalkthroughUserFacts,
): WalkthroughState | null {
  if (isWalkthroughComplete(state)) return state;
  const done: WalkthroughStep[] = user.hasPhoneNumber
    ? ['SETUP_AGENT', 'TEST_AGENT', 'ADD_NUMBER']
    : user.onboardingComplete || user.legacy
      ? ['SETUP_AGENT']
      : [];
  const completed = state?.completed ?? [];
  if (done.every((step) => completed.includes(step))) return state;
  const base = state ?? fresh();
  const next = inOrder([...completed, ...done]);
  return {
    ...base,
    completed: next,
    active: base.active !== null && next.includes(base.active) ? null : base.active,
  };
}

import { walkthroughSteps, type WalkthroughStep } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { latestVerifiedCheck } from './forwarding.repo';
import { hasAgent, hasTestConversation, keepWalkthrough } from './walkthrough.repo';
import { agentAccount } from './phone-numbers.service';
import { listHeldNumbers } from './phone-numbers.repo';

interface WalkthroughRecord {
  version: 1;
  completed: WalkthroughStep[];
}

const sameSteps = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((step, index) => step === b[index]);

/** Which steps the agent account has really done, read from its records (never from what a client says). */
async function doneSteps(db: Db, accountId: number): Promise<Set<WalkthroughStep>> {
  const done = new Set<WalkthroughStep>();
  if (await hasAgent(db, accountId)) done.add('SETUP_AGENT');
  if (await hasTestConversation(db, accountId)) done.add('TEST_AGENT');
  if ((await listHeldNumbers(db, accountId)).length > 0) done.add('ADD_NUMBER');
  if (await latestVerifiedCheck(db, accountId)) done.add('FORWARD_CALLS');
  return done;
}

/**
 * The walkthrough of the acting agent account: its completed steps in order and the next one. The result is
 * kept in the account's settings (walkthrough: version 1 and the completed steps) whenever it changed.
 */
export async function walkthrough(db: Db, accountId: number | null) {
  const account = await agentAccount(db, accountId);
  const done = await doneSteps(db, account.id);
  const completed = walkthroughSteps.filter((step) => done.has(step));
  const kept = account.settings.walkthrough as Partial<WalkthroughRecord> | undefined;
  if (kept?.version !== 1 || !sameSteps(kept.completed ?? [], completed)) {
    const record: WalkthroughRecord = { version: 1, completed };
    await keepWalkthrough(db, account.id, record);
  }
  return {
    success: true as const,
    version: 1 as const,
    completed,
    next: walkthroughSteps.find((step) => !done.has(step)) ?? null,
  };
}

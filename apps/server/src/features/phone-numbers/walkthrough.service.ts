import { walkthroughSteps, type WalkthroughStep } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { latestVerifiedCheck } from './forwarding.repo';
import { hasAgent, hasTestConversation, keepWalkthrough, organizationAgentIds } from './walkthrough.repo';
import { AppError } from '../../platform/app-error';
import { loadActingAccount } from '../accounts/accounts.service';
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
 * The walkthrough of the acting account: its completed steps in order and the next one. An agent account's steps
 * are its own; an organization's are done when any of its agents did them. The result is kept in the account's
 * settings (walkthrough: version 1 and the completed steps) whenever it changed.
 */
export async function walkthrough(db: Db, accountId: number | null) {
  const account = await loadActingAccount(db, accountId);
  let agentIds: number[];
  if (account.accountType === 'agent') agentIds = [account.id];
  else if (account.accountType === 'organization') agentIds = await organizationAgentIds(db, account.id);
  else {
    throw new AppError(
      'FORBIDDEN',
      'The walkthrough belongs to organizations and agent accounts: act for one (targetAccountId)',
    );
  }
  const done = new Set<WalkthroughStep>();
  for (const id of agentIds) for (const step of await doneSteps(db, id)) done.add(step);
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

import { displayNameOf } from '@switchboard/core';
import { loadActingAccount } from '../features/accounts/accounts.service';
import { AppError } from '../platform/app-error';
import type { Db } from '../platform/database';

/** The agent account a conversation runs for: who it is, its organization and its phone number. */
export interface AgentIdentity {
  accountId: number;
  organizationId: number | null;
  name: string;
  phoneNumber: string | null;
}

export async function loadAgent(db: Db, agentAccountId: number): Promise<AgentIdentity> {
  const account = await loadActingAccount(db, agentAccountId).catch(() => null);
  if (account?.accountType !== 'agent') {
    throw new AppError('NOT_FOUND', 'No agent account has this id.');
  }
  if (!account.enabled) throw new AppError('FORBIDDEN', 'This agent account is disabled.');
  return {
    accountId: account.id,
    organizationId: account.organizationId,
    name: displayNameOf(account) || account.username,
    phoneNumber: account.vidaPhoneNumber ?? null,
  };
}

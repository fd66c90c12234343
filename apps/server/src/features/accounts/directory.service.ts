import type { z } from 'zod';
import { usageRangeKeys, type directoryEndpoints } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { pageWindow, presentAccountPage, presentAccountSummary } from './account-presenter';
import { loadActingAccount } from './accounts.service';
import {
  searchAccountRows,
  searchOrganizationRows,
  type SearchScope,
  type UsagePeriod,
  type UsageRange,
} from './directory.repo';

type OrganizationQuery = z.output<NonNullable<typeof directoryEndpoints.searchOrganizations.query>>;

export const searchResultLimit = 50;
const minPhoneDigits = 3;

/** A super admin's own calls search everything; any other call searches under the account it acts for. */
async function scopeFor(db: Db, actor: Actor, actingAccountId: number | null): Promise<SearchScope> {
  if (actor.superAdmin && (actingAccountId === null || actingAccountId === actor.accountId)) {
    return { kind: 'everything' };
  }
  const acting = await loadActingAccount(db, actingAccountId);
  return { kind: 'subtree', accountId: acting.id };
}

const rangeKey = /^(currentBillingPeriod|previousBillingPeriod|allTime)(Messages|VoiceMinutes)(Min|Max)$/;

function usageRanges(query: OrganizationQuery): UsageRange[] {
  const ranges = new Map<string, UsageRange>();
  for (const key of usageRangeKeys) {
    const value = query[key];
    const match = rangeKey.exec(key);
    if (value === undefined || !match) continue;
    const [, period, measure, bound] = match as unknown as [string, UsagePeriod, string, 'Min' | 'Max'];
    const range = ranges.get(`${period}${measure}`) ?? {
      period,
      measure: measure === 'Messages' ? 'messages' : 'voiceMinutes',
    };
    if (bound === 'Min') range.min = value;
    else range.max = value;
    ranges.set(`${period}${measure}`, range);
  }
  return [...ranges.values()];
}

export async function searchOrganizations(
  db: Db,
  actor: Actor,
  actingAccountId: number | null,
  query: OrganizationQuery,
) {
  if (
    query.createdStart !== undefined &&
    query.createdEnd !== undefined &&
    query.createdEnd < query.createdStart
  ) {
    throw new AppError('VALIDATION_FAILED', 'query.createdEnd: must not be before createdStart');
  }
  const { rows, total } = await searchOrganizationRows(
    db,
    await scopeFor(db, actor, actingAccountId),
    {
      queryText: query.queryText,
      resellerId: query.resellerId,
      subscribed: query.subscribed,
      active: query.active,
      onboardingComplete: query.onboardingComplete,
      externalAccountId: query.externalAccountId,
      createdStart: query.createdStart === undefined ? undefined : new Date(query.createdStart),
      createdEnd: query.createdEnd === undefined ? undefined : new Date(query.createdEnd),
      usage: usageRanges(query),
    },
    pageWindow(query),
  );
  return presentAccountPage(rows, total, query);
}

/** Accounts of every tier under the acting one matching the phrase; `enhanced` also matches phone numbers. */
export async function searchAccounts(
  db: Db,
  actor: Actor,
  actingAccountId: number | null,
  search: { phrase: string; enhanced: boolean },
) {
  const digits = search.phrase.replace(/\D/g, '');
  const rows = await searchAccountRows(db, await scopeFor(db, actor, actingAccountId), {
    phrase: search.phrase,
    phoneDigits: search.enhanced && digits.length >= minPhoneDigits ? digits : null,
    limit: searchResultLimit,
  });
  return { success: true as const, accounts: rows.map(presentAccountSummary) };
}

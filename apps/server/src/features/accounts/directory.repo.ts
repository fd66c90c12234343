import { accounts, and, asc, count, eq, gte, isNull, lte, or, sql, type Db, type SQL } from '@switchboard/db';
import type { AccountRow } from './accounts.repo';

/** Where to look: under an account (itself included), or everywhere (a super admin's own calls). */
export type SearchScope = { kind: 'subtree'; accountId: number } | { kind: 'everything' };

export type UsageMeasure = 'messages' | 'voiceMinutes';
export type UsagePeriod = 'currentBillingPeriod' | 'previousBillingPeriod' | 'allTime';

export interface UsageRange {
  measure: UsageMeasure;
  period: UsagePeriod;
  min?: number | undefined;
  max?: number | undefined;
}

export interface OrganizationFilters {
  queryText?: string | undefined;
  resellerId?: number | undefined;
  subscribed?: boolean | undefined;
  active?: boolean | undefined;
  onboardingComplete?: boolean | undefined;
  externalAccountId?: string | undefined;
  createdStart?: Date | undefined;
  createdEnd?: Date | undefined;
  usage: UsageRange[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (text: string) => `%${escapeLike(text)}%`;

const inScope = (scope: SearchScope): SQL | undefined =>
  scope.kind === 'everything'
    ? undefined
    : sql`${scope.accountId} IN (${accounts.id}, ${accounts.partnerId}, ${accounts.resellerId}, ${accounts.organizationId})`;

const monthStart = (monthsBack: number) =>
  sql.raw(
    `((date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') - interval '${monthsBack} month')`,
  );

const periodCondition: Record<UsagePeriod, SQL> = {
  currentBillingPeriod: sql`e.occurred_at >= ${monthStart(0)}`,
  previousBillingPeriod: sql`e.occurred_at >= ${monthStart(1)} AND e.occurred_at < ${monthStart(0)}`,
  allTime: sql`true`,
};

const measureSum: Record<UsageMeasure, SQL> = {
  messages: sql`coalesce(sum(e.quantity) FILTER (WHERE e.unit IN ('inbound-message', 'outbound-message')), 0)`,
  voiceMinutes: sql`coalesce(sum(e.quantity) FILTER (WHERE e.unit = 'voice'), 0) / 60.0`,
};

// The usage of an organization is that of every account whose organization it is (itself and its agents).
function usageCondition(range: UsageRange): SQL {
  const total = sql`(SELECT ${measureSum[range.measure]} FROM usage_events e
      WHERE e.account_id IN (SELECT s.id FROM accounts s WHERE s.organization_id = ${accounts.id})
      AND ${periodCondition[range.period]})`;
  return (
    and(
      range.min === undefined ? undefined : sql`${total} >= ${range.min}`,
      range.max === undefined ? undefined : sql`${total} <= ${range.max}`,
    ) ?? sql`true`
  );
}

export async function searchOrganizationRows(
  db: Db,
  scope: SearchScope,
  filters: OrganizationFilters,
  page: { limit: number | null; offset: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const text = filters.queryText ? likePattern(filters.queryText) : null;
  const where = and(
    eq(accounts.accountType, 'organization'),
    isNull(accounts.deletedAt),
    inScope(scope),
    text === null
      ? undefined
      : or(
          sql`${accounts.username} ILIKE ${text}`,
          sql`${accounts.email} ILIKE ${text}`,
          sql`${accounts.details}->>'orgName' ILIKE ${text}`,
        ),
    filters.resellerId === undefined ? undefined : eq(accounts.resellerId, filters.resellerId),
    filters.subscribed === undefined ? undefined : eq(accounts.vidaPremium, filters.subscribed),
    filters.active === undefined ? undefined : eq(accounts.enabled, filters.active),
    filters.onboardingComplete === undefined
      ? undefined
      : sql`(coalesce(${accounts.settings}->'onboarding'->>'onboardingComplete', '') = 'true') = ${filters.onboardingComplete}`,
    filters.externalAccountId === undefined
      ? undefined
      : eq(accounts.externalAccountId, filters.externalAccountId),
    filters.createdStart === undefined ? undefined : gte(accounts.createdAt, filters.createdStart),
    filters.createdEnd === undefined ? undefined : lte(accounts.createdAt, filters.createdEnd),
    ...filters.usage.map(usageCondition),
  );
  const query = db.select().from(accounts).where(where).orderBy(asc(accounts.id)).offset(page.offset);
  const [rows, [total]] = await Promise.all([
    page.limit === null ? query : query.limit(page.limit),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

const nameKeys = ['partnerName', 'resellerName', 'orgName', 'agentName', 'accountName', 'fullName'] as const;

/**
 * Accounts of any tier matching a phrase, best first: 0 exact username, 1 username prefix, 2 exact name or email,
 * 3 name prefix, 4 any substring (or a phone number match).
 */
export async function searchAccountRows(
  db: Db,
  scope: SearchScope,
  search: { phrase: string; phoneDigits: string | null; limit: number },
): Promise<AccountRow[]> {
  const lower = search.phrase.toLowerCase();
  const escaped = escapeLike(lower);
  const text = `%${escaped}%`;
  const prefix = `${escaped}%`;
  const names = nameKeys.map((key) => sql`lower(${accounts.details}->>${key})`);
  const anyName = (condition: (name: SQL) => SQL) => or(...names.map(condition)) ?? sql`false`;
  const phoneMatch =
    search.phoneDigits === null
      ? undefined
      : or(
          sql`regexp_replace(coalesce(${accounts.phoneNumber}, ''), '\\D', '', 'g') LIKE ${`%${search.phoneDigits}%`}`,
          sql`regexp_replace(coalesce(${accounts.vidaPhoneNumber}, ''), '\\D', '', 'g') LIKE ${`%${search.phoneDigits}%`}`,
        );
  const textMatch = or(
    sql`${accounts.username} ILIKE ${text}`,
    sql`${accounts.email} ILIKE ${text}`,
    sql`${accounts.name} ILIKE ${text}`,
    anyName((name) => sql`${name} LIKE ${text}`),
  );
  const rank = sql`CASE
      WHEN ${accounts.username} = ${lower} THEN 0
      WHEN ${accounts.username} LIKE ${prefix} THEN 1
      WHEN lower(${accounts.email}) = ${lower} OR lower(${accounts.name}) = ${lower}
        OR ${anyName((name) => sql`${name} = ${lower}`)} THEN 2
      WHEN ${anyName((name) => sql`${name} LIKE ${prefix}`)} THEN 3
      ELSE 4 END`;
  return db
    .select()
    .from(accounts)
    .where(and(isNull(accounts.deletedAt), inScope(scope), or(textMatch, phoneMatch)))
    .orderBy(rank, asc(accounts.id))
    .limit(search.limit);
}

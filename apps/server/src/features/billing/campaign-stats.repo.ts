import type { CampaignDayStats } from '@switchboard/contract';
import { queryRows, sql, type Db } from '@switchboard/db';

/** A campaign is an agent: its `camp…` id names the agent account whose conversations are counted (decision 049). */
export interface Campaign {
  campaignId: string;
  agentAccountId: number;
  name: string;
}

const campaignColumns = sql`c.campaign_id AS "campaignId", c.agent_account_id AS "agentAccountId",
  coalesce(a.details->>'agentName', a.name, a.username) AS name`;

const idList = (ids: readonly (string | number)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The live campaigns of these ids (any tenant's: the caller checks whose they are). */
export async function findCampaigns(db: Db, campaignIds: readonly string[]): Promise<Campaign[]> {
  return queryRows<Campaign>(
    db,
    sql`SELECT ${campaignColumns} FROM campaigns c JOIN accounts a ON a.id = c.agent_account_id
        WHERE a.deleted_at IS NULL AND c.campaign_id IN (${idList(campaignIds)})`,
  );
}

/** Every campaign of the agent accounts at or below the acting account. */
export async function campaignsBelow(db: Db, actingAccountId: number): Promise<Campaign[]> {
  return queryRows<Campaign>(
    db,
    sql`SELECT ${campaignColumns} FROM campaigns c JOIN accounts a ON a.id = c.agent_account_id
        WHERE a.deleted_at IS NULL
          AND (a.id = ${actingAccountId} OR a.organization_id = ${actingAccountId}
               OR a.reseller_id = ${actingAccountId} OR a.partner_id = ${actingAccountId})
        ORDER BY name, c.campaign_id`,
  );
}

export type CampaignDayRow = Omit<CampaignDayStats, 'costUsd'> & { accountId: number; day: string };

/** Per agent account and UTC day: finished conversations, test ones left out. */
export async function conversationsByDay(db: Db, accountIds: readonly number[], start: Date, end: Date) {
  return queryRows<CampaignDayRow>(
    db,
    sql`SELECT account_id AS "accountId", to_char(timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          count(*)::int AS conversations,
          (count(*) FILTER (WHERE channel IN ('phone', 'voice')))::int AS calls,
          (count(*) FILTER (WHERE channel NOT IN ('phone', 'voice')))::int AS texts,
          (count(*) FILTER (WHERE direction = 'inbound'))::int AS inbound,
          (count(*) FILTER (WHERE direction = 'outbound'))::int AS outbound,
          COALESCE(SUM(CEIL(duration / 60.0)) FILTER (WHERE channel IN ('phone', 'voice')), 0)::int AS minutes,
          (count(*) FILTER (WHERE appointment_booked))::int AS "appointmentsBooked",
          (count(*) FILTER (WHERE transfer IS NOT NULL AND transfer <> ''))::int AS transfers
        FROM conversation_logs
        WHERE account_id IN (${idList(accountIds)}) AND NOT is_test
          AND timestamp >= ${start.toISOString()}::timestamptz AND timestamp < ${end.toISOString()}::timestamptz
        GROUP BY 1, 2`,
  );
}

/** Per agent account and UTC day: what its usage was rated at, in units. */
export async function ratedUsageByDay(db: Db, accountIds: readonly number[], start: Date, end: Date) {
  return queryRows<{ accountId: number; day: string; units: string }>(
    db,
    sql`SELECT account_id AS "accountId", to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          SUM(amount)::text AS units
        FROM usage_charges
        WHERE account_id IN (${idList(accountIds)})
          AND created_at >= ${start.toISOString()}::timestamptz AND created_at < ${end.toISOString()}::timestamptz
        GROUP BY 1, 2`,
  );
}

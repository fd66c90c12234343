import type { CampaignDayStats } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/app-error';
import { unitsToUsd, usdToUnits } from '../ledger';
import {
  campaignsBelow,
  conversationsByDay,
  findCampaigns,
  ratedUsageByDay,
  type Campaign,
} from './campaign-stats.repo';
import { findAccountLine } from './plans.repo';

const dayMs = 86_400_000;

const emptyStats = (): CampaignDayStats => ({
  conversations: 0,
  calls: 0,
  texts: 0,
  inbound: 0,
  outbound: 0,
  minutes: 0,
  appointmentsBooked: 0,
  transfers: 0,
  costUsd: '0.00',
});

/** The campaigns named, each checked to be in the acting account's part of the tree; else a 404 naming it. */
async function namedCampaigns(db: Db, actingAccountId: number, campaignIds: readonly string[]) {
  const ids = [...new Set(campaignIds)];
  if (ids.length === 0) return [];
  const rows = await findCampaigns(db, ids);
  const found: Campaign[] = [];
  for (const id of ids) {
    const row = rows.find((candidate) => candidate.campaignId === id);
    const line = row ? await findAccountLine(db, row.agentAccountId) : null;
    // Another tenant's campaign looks exactly like a missing one.
    if (!row || !line?.lineage.includes(actingAccountId))
      throw new AppError('NOT_FOUND', `campaignId: no campaign ${id} in this account`);
    found.push(row);
  }
  return found;
}

/** Per agent account and UTC day: finished conversations (test ones left out) and what their usage was rated at. */
async function statsByDay(db: Db, accountIds: readonly number[], start: Date, end: Date) {
  const days = await conversationsByDay(db, accountIds, start, end);
  const costs = await ratedUsageByDay(db, accountIds, start, end);
  const stats = new Map<string, { stats: CampaignDayStats; units: bigint }>();
  const entry = (accountId: number, day: string) => {
    const key = `${String(accountId)}:${day}`;
    let found = stats.get(key);
    if (!found) {
      found = { stats: emptyStats(), units: 0n };
      stats.set(key, found);
    }
    return found;
  };
  for (const { accountId, day, ...counts } of days) Object.assign(entry(accountId, day).stats, counts);
  for (const cost of costs) entry(cost.accountId, cost.day).units += BigInt(cost.units);
  return (accountId: number, day: string): CampaignDayStats => {
    const found = stats.get(`${String(accountId)}:${day}`);
    return found ? { ...found.stats, costUsd: unitsToUsd(found.units) } : emptyStats();
  };
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

export async function campaignDayStats(db: Db, actingAccountId: number, date: string, campaignId: string) {
  const [campaign] = await namedCampaigns(db, actingAccountId, [campaignId]);
  if (!campaign) throw new AppError('NOT_FOUND', `campaignId: no campaign ${campaignId} in this account`);
  const start = dayStart(date);
  const read = await statsByDay(db, [campaign.agentAccountId], start, new Date(start.getTime() + dayMs));
  return { success: true as const, date, ...campaign, stats: read(campaign.agentAccountId, date) };
}

export async function campaignRangeStats(
  db: Db,
  actingAccountId: number,
  body: { startDate: string; endDate: string; campaignIds?: string[] | undefined },
) {
  const campaigns =
    body.campaignIds === undefined
      ? await campaignsBelow(db, actingAccountId)
      : await namedCampaigns(db, actingAccountId, body.campaignIds);
  const start = dayStart(body.startDate);
  const end = new Date(dayStart(body.endDate).getTime() + dayMs);
  const days: string[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += dayMs)
    days.push(new Date(at).toISOString().slice(0, 10));
  const read =
    campaigns.length === 0
      ? () => emptyStats()
      : await statsByDay(
          db,
          campaigns.map((campaign) => campaign.agentAccountId),
          start,
          end,
        );
  return {
    success: true as const,
    startDate: body.startDate,
    endDate: body.endDate,
    campaigns: campaigns.map((campaign) => {
      const byDay = days.map((date) => ({ date, ...read(campaign.agentAccountId, date) }));
      const totals = emptyStats();
      let units = 0n;
      for (const day of byDay) {
        for (const key of Object.keys(totals) as (keyof CampaignDayStats)[]) {
          if (key !== 'costUsd') totals[key] += day[key];
        }
        units += usdToUnits(day.costUsd);
      }
      return { ...campaign, totals: { ...totals, costUsd: unitsToUsd(units) }, byDay };
    }),
  };
}

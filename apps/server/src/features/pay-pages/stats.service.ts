import type { Db } from '../../platform/database';
import { unitsToUsd } from '../ledger';
import { listPaidPayments, listViews } from './pay-pages.repo';

type Counts = { profile: number; pay: number; link: number };

/** The owner's view of its public pages: visits and clicks per day and per link, and the payments received. */
export async function publicPageStats(db: Db, accountId: number, days = 30) {
  const since = new Date(Date.now() - (days - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const sinceDay = since.toISOString().slice(0, 10);
  const byDay = new Map<string, Counts>();
  for (let day = new Date(since); day.getTime() <= Date.now(); day = new Date(day.getTime() + 86_400_000)) {
    byDay.set(day.toISOString().slice(0, 10), { profile: 0, pay: 0, link: 0 });
  }
  const totals: Counts = { profile: 0, pay: 0, link: 0 };
  const links = new Map<string, number>();
  for (const row of await listViews(db, accountId, sinceDay)) {
    totals[row.page] += row.count;
    const day = byDay.get(row.day);
    if (day) day[row.page] += row.count;
    if (row.page === 'link') links.set(row.target, (links.get(row.target) ?? 0) + row.count);
  }
  const payments = await listPaidPayments(db, accountId, since);
  const received = payments.reduce((sum, row) => sum + row.amountUnits - (row.feeUnits ?? 0n), 0n);
  return {
    success: true as const,
    totals,
    links: [...links]
      .map(([target, clicks]) => ({ target, clicks }))
      .sort((a, b) => b.clicks - a.clicks || a.target.localeCompare(b.target)),
    byDay: [...byDay].map(([date, counts]) => ({ date, ...counts })),
    payments: payments.map((row) => ({
      id: row.id,
      method: row.method,
      amountUsd: unitsToUsd(row.amountUnits),
      feeUsd: unitsToUsd(row.feeUnits ?? 0n),
      netUsd: unitsToUsd(row.amountUnits - (row.feeUnits ?? 0n)),
      payerName: row.payerName,
      note: row.note,
      paidAt: (row.paidAt ?? row.createdAt).toISOString(),
    })),
    receivedUsd: unitsToUsd(received),
  };
}

import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { accountsUnder, listSipMessages, sipCallOutcomes, type SipMessageRow } from './sip.repo';

/** At most this many messages answer one request. */
const captureLimit = 500;

export interface CaptureQuery {
  sipCallId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

const messageView = (row: SipMessageRow) => ({
  sipCallId: row.sipCallId,
  direction: row.direction,
  peer: row.peer,
  summary: row.summary,
  timestamp: row.createdAt.getTime(),
  raw: row.raw,
});

/** The captured SIP messages of the acting account's calls (its agents' for an account above them). */
export async function listCaptures(db: Db, accountId: number | null, query: CaptureQuery) {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  const accountIds = await accountsUnder(db, accountId);
  const rows = await listSipMessages(db, {
    accountIds,
    ...(query.sipCallId ? { sipCallId: query.sipCallId } : {}),
    ...(query.from !== undefined ? { from: new Date(query.from) } : {}),
    ...(query.to !== undefined ? { to: new Date(query.to) } : {}),
    limit: captureLimit,
  });
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'No results found');
  const records = await sipCallOutcomes(db, accountIds, [...new Set(rows.map((row) => row.sipCallId))]);
  const calls = records.map((record) => ({
    sipCallId: record.sipCallId,
    status: record.status,
    endReason: record.endReason,
    endedAt: record.endedAt?.getTime() ?? null,
  }));
  return { success: true as const, messages: rows.map(messageView), calls };
}

/** The messages as a text capture: each under a line with its time, direction and peer, as sent on the wire. */
export function capturesAsText(messages: ReturnType<typeof messageView>[]): string {
  return messages
    .map((message) => {
      const arrow = message.direction === 'in' ? `${message.peer} -> us` : `us -> ${message.peer}`;
      return `# ${new Date(message.timestamp).toISOString()} ${arrow} (${message.sipCallId})\n${message.raw}`;
    })
    .join('\n');
}

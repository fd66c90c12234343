import { pageVisits, queryRows, sql, type Db } from '@switchboard/db';

export async function pingDatabase(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ ok: number }>(db, sql`SELECT 1 AS ok`);
  return row?.ok === 1;
}

export interface NewPageVisit {
  page: string;
  ref: string | null;
  ip: string | null;
  userAgent: string | null;
}

export async function insertPageVisit(db: Db, visit: NewPageVisit): Promise<void> {
  await db.insert(pageVisits).values(visit);
}

import { queryRows, sql, type Db } from '@switchboard/db';

/** Sets settings.checkIns[kind] in one statement, keeping the other kinds. */
export async function recordCheckIn(db: Db, accountId: number, kind: string, at: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE accounts SET settings = jsonb_set(settings, '{checkIns}',
          CASE WHEN jsonb_typeof(settings->'checkIns') = 'object' THEN settings->'checkIns' ELSE '{}'::jsonb END
          || jsonb_build_object(${kind}::text, ${at}::text))
        WHERE id = ${accountId} RETURNING id`,
  );
  return rows.length > 0;
}

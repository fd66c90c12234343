import { isIP } from 'node:net';
import type { z } from 'zod';
import type { healthResponse } from '@switchboard/contract';
import { readMigrationState, type Db, type DatabaseKind } from '../../platform/database';
import { version } from '../../platform/version';
import type { StorageProvider } from '../../providers/storage/types';
import { insertPageVisit, pingDatabase } from './platform.repo';

export type Health = z.output<typeof healthResponse>;

export interface HealthDeps {
  db: Db;
  dbKind: DatabaseKind;
  storage: StorageProvider;
  startedAt: Date;
  mode: Health['mode'];
}

/** Reports the database kind, whether it answers, and which migrations are still pending. */
export async function getHealth(deps: HealthDeps): Promise<Health> {
  const reachable = await pingDatabase(deps.db).catch(() => false);
  const migrations = reachable
    ? await readMigrationState(deps.db)
    : { applied: 0, pending: [] as string[], latest: null };
  const upToDate = reachable && migrations.pending.length === 0;
  return {
    success: true,
    status: upToDate ? 'ok' : 'degraded',
    version,
    uptimeSeconds: Math.floor((Date.now() - deps.startedAt.getTime()) / 1000),
    database: { kind: deps.dbKind, reachable, migrations: { ...migrations, upToDate } },
    providers: { storage: { name: deps.storage.name, sandbox: deps.storage.sandbox } },
    mode: deps.mode,
  };
}

/** Records a page visit for sign-up attribution. The address is kept only when it parses as one. */
export async function recordPageVisit(
  db: Db,
  visit: { page: string; ref?: string | undefined; ip: string | undefined; userAgent: string | undefined },
): Promise<void> {
  await insertPageVisit(db, {
    page: visit.page,
    ref: visit.ref ?? null,
    ip: visit.ip && isIP(visit.ip) ? visit.ip : null,
    userAgent: visit.userAgent?.slice(0, 512) ?? null,
  });
}

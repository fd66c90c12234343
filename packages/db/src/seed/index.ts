import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../database';
import { demoSeedSteps } from './steps';

export interface SeedResult {
  /** False when the demo data was already there and nothing was written. */
  seeded: boolean;
  steps: string[];
}

const markerKey = 'demo-seed';

/**
 * Writes the demo data. Every step is idempotent on its own (it writes rows only when they are missing), so running
 * the seed again is harmless; `onlyIfEmpty` skips it altogether once it ran, so a demo database a person changed
 * is not topped up with rows they deleted.
 */
export async function seedDemoData(db: Db, options: { onlyIfEmpty?: boolean } = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const marker = await queryRows<{ key: string }>(
      tx,
      sql`SELECT key FROM switchboard_meta WHERE key = ${markerKey}`,
    );
    if (options.onlyIfEmpty && marker.length > 0) return { seeded: false, steps: [] };
    for (const step of demoSeedSteps) await step.run(tx);
    await tx.execute(
      sql`INSERT INTO switchboard_meta (key, value) VALUES (${markerKey}, ${JSON.stringify({ at: new Date().toISOString() })}::jsonb)
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
    return { seeded: true, steps: demoSeedSteps.map((step) => step.name) };
  });
}

/** What the demo data's steps say about signing in, for the start-up banner. */
export function demoSignInHelp(): string[] {
  return demoSeedSteps.flatMap((step) => step.signInHelp ?? []);
}

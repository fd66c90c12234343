import type { Db } from '../database';

export interface SeedStep {
  /** The area that owns the rows, as in packages/db/src/schema/<area>.ts. */
  name: string;
  run(db: Db): Promise<void>;
}

/** Demo data steps in dependency order; each area adds its own step file and one line here. */
export const demoSeedSteps: readonly SeedStep[] = [];

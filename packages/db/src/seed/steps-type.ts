import type { Db } from '../database';

export interface SeedStep {
  /** The area that owns the rows, as in packages/db/src/schema/<area>.ts. */
  name: string;
  run(db: Db): Promise<void>;
  /** Lines `npm start` prints so a person knows how to sign in to the demo this step wrote. */
  signInHelp?: readonly string[];
}

import { ConfigError } from '../platform/config';
import { DataDirLockedError } from '../platform/data-dir-lock';

/** Runs a command-line task; a known failure prints its message alone and exits 1. */
export async function runCli(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
}

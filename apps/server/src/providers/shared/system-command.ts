import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

/** The absolute path of an executable on PATH (as a spawn would find it), or null. */
export async function findCommand(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return null;
}

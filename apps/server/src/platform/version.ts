import { readFileSync } from 'node:fs';

/** The platform's version, from the root package.json. */
export const version = (
  JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

// What the browser tests' global setup hands to every test file.
declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory the server has migrated and seeded with the demo data; copied, never used in place. */
    seededDataDir: string;
  }
}

export {};

import type { DatabaseTemplate } from './database-template';

// What the API suite's global setup hands to every test file.
declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

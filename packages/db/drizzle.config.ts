import { defineConfig } from 'drizzle-kit';

// Timestamp prefixes keep migrations written side by side from colliding on a number.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  migrations: { prefix: 'timestamp' },
  strict: true,
  verbose: true,
});

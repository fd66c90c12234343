// `npm run bench -- <name> [flags]` runs bench/<name>/index.ts; with no name it lists the benchmarks.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const [name, ...flags] = process.argv.slice(2);
const available = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && existsSync(path.join(import.meta.dirname, entry.name, 'index.ts')),
  )
  .map((entry) => entry.name);

if (!name || !available.includes(name)) {
  console.log(`Usage: npm run bench -- <name> [flags]\nBenchmarks: ${available.join(', ')}`);
  process.exit(name ? 1 : 0);
}
process.argv = [process.argv[0] ?? 'node', name, ...flags];
await import(`./${name}/index.ts`);

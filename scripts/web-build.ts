import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
// Everything the web bundle is built from: its own sources and the shared packages it imports.
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/core/src',
  'packages/formula/src',
  'package-lock.json',
];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

/** True when the built web app is missing or older than any of its sources. */
export function webBuildIsStale(root = repoRoot): boolean {
  const distIndex = path.join(root, 'apps/web/dist/index.html');
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  return sources.some((source) => newestChange(path.join(root, source)) > built);
}

/** Builds the web app only when its sources are newer than the build. */
export function ensureWebBuild(): void {
  if (!webBuildIsStale()) return;
  console.log('Building the web app (its sources changed since the last build)...');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@switchboard/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    // A production bundle whatever the caller runs under (test runners set NODE_ENV=test).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web app failed to build.');
    process.exit(result.status ?? 1);
  }
}

import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webBuildIsStale } from './web-build';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-build-'));
  roots.push(root);
  mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
  mkdirSync(path.join(root, 'packages/contract/src'), { recursive: true });
  writeFileSync(path.join(root, 'apps/web/src/main.tsx'), 'x');
  writeFileSync(path.join(root, 'packages/contract/src/index.ts'), 'x');
  return root;
}

function touch(file: string, secondsAgo: number): void {
  const when = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, when, when);
}

function build(root: string, secondsAgo: number): void {
  mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
  writeFileSync(path.join(root, 'apps/web/dist/index.html'), '<html>');
  touch(path.join(root, 'apps/web/dist/index.html'), secondsAgo);
}

describe('webBuildIsStale', () => {
  it('is stale without a build', () => {
    expect(webBuildIsStale(tree())).toBe(true);
  });

  it('is fresh when the build is newer than every source', () => {
    const root = tree();
    touch(path.join(root, 'apps/web/src/main.tsx'), 60);
    touch(path.join(root, 'apps/web/src'), 60);
    touch(path.join(root, 'packages/contract/src/index.ts'), 60);
    touch(path.join(root, 'packages/contract/src'), 60);
    build(root, 10);
    expect(webBuildIsStale(root)).toBe(false);
  });

  it('is stale when a shared package the web imports changed after the build', () => {
    const root = tree();
    touch(path.join(root, 'apps/web/src/main.tsx'), 60);
    touch(path.join(root, 'apps/web/src'), 60);
    build(root, 30);
    touch(path.join(root, 'packages/contract/src/index.ts'), 5);
    expect(webBuildIsStale(root)).toBe(true);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countLines, findOversizedFiles, importGraphRoots, listSourceFiles } from './file-sizes';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-sizes-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const linesOf = (count: number) => 'x\n'.repeat(count);

describe('countLines', () => {
  it('counts newlines like wc -l', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('one')).toBe(0);
    expect(countLines('one\n')).toBe(1);
    expect(countLines('one\ntwo')).toBe(1);
    expect(countLines('\n\n\n')).toBe(3);
  });
});

describe('listSourceFiles', () => {
  it('lists .ts and .tsx under the source roots, leaving out dependencies, builds and generated migrations', () => {
    const root = tree({
      'apps/web/src/page.tsx': '',
      'apps/web/src/types.d.ts': '',
      'apps/web/src/style.css': '',
      'apps/web/dist/bundle.ts': '',
      'apps/web/node_modules/dep/index.ts': '',
      'packages/db/src/schema.ts': '',
      'packages/db/migrations/0001_init.ts': '',
      'e2e/flow.test.ts': '',
      'bench/run.ts': '',
      'scripts/check.ts': '',
      'scripts/helper.js': '',
      'docs/example.ts': '',
    });
    expect(listSourceFiles(root)).toEqual([
      'apps/web/src/page.tsx',
      'apps/web/src/types.d.ts',
      'bench/run.ts',
      'e2e/flow.test.ts',
      'packages/db/src/schema.ts',
      'scripts/check.ts',
    ]);
  });

  it('reads the import graph roots, one package at a time', () => {
    const root = tree({
      'apps/server/src/main.ts': '',
      'apps/server/test-helper.ts': '',
      'apps/web/src/main.tsx': '',
      'apps/web/vite.config.ts': '',
      'packages/core/src/index.ts': '',
      'packages/core/drizzle.config.ts': '',
      'packages/testing/src/kit.ts': '',
    });
    expect(listSourceFiles(root, importGraphRoots)).toEqual([
      'apps/server/src/main.ts',
      'apps/web/src/main.tsx',
      'packages/core/src/index.ts',
      'packages/testing/src/kit.ts',
    ]);
  });
});

describe('findOversizedFiles', () => {
  it('names each source file over 400 lines and each server route file over 200', () => {
    const root = tree({
      'apps/web/src/at-limit.tsx': linesOf(400),
      'apps/web/src/over.tsx': linesOf(401),
      'e2e/over.test.ts': linesOf(450),
      'apps/server/src/features/a/a.routes.ts': linesOf(200),
      'apps/server/src/features/b/b.routes.ts': linesOf(201),
      'apps/server/src/features/c/c.routes.ts': linesOf(500),
      'apps/server/src/features/c/c.service.ts': linesOf(300),
      'scripts/elsewhere.routes.ts': linesOf(300),
    });
    expect(findOversizedFiles(root, listSourceFiles(root))).toEqual([
      { file: 'apps/server/src/features/b/b.routes.ts', lines: 201, limit: 200, kind: 'route file' },
      { file: 'apps/server/src/features/c/c.routes.ts', lines: 500, limit: 200, kind: 'route file' },
      { file: 'apps/web/src/over.tsx', lines: 401, limit: 400, kind: 'source file' },
      { file: 'e2e/over.test.ts', lines: 450, limit: 400, kind: 'source file' },
    ]);
  });
});

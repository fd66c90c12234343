import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildImportGraph, collectSpecifiers, findImportCircles, type ImportGraph } from './import-circles';

function graphOf(edges: Record<string, string[]>): ImportGraph {
  return new Map(Object.entries(edges).map(([file, targets]) => [file, new Set(targets)]));
}

describe('collectSpecifiers', () => {
  it('finds every way a file names another, type-only ones included', () => {
    const text = [
      "import './side-effect';",
      "import a from './default';",
      "import { b, type C } from './named';",
      "import type { D } from './type-only';",
      "import * as e from './namespace';",
      "export { f } from './re-export';",
      "export type { G } from './type-re-export';",
      "export * from './star';",
      "import h = require('./import-equals');",
      "type I = import('./import-type').I;",
      "const j = await import('./dynamic');",
      "const k = require('./required');",
      'const computed = await import(`./${a}`);',
    ].join('\n');
    expect(collectSpecifiers('file.ts', text)).toEqual([
      './side-effect',
      './default',
      './named',
      './type-only',
      './namespace',
      './re-export',
      './type-re-export',
      './star',
      './import-equals',
      './import-type',
      './dynamic',
      './required',
    ]);
  });

  it('reads TSX', () => {
    expect(collectSpecifiers('view.tsx', "import { X } from './x';\nexport const v = <X a={1} />;")).toEqual([
      './x',
    ]);
  });
});

describe('findImportCircles', () => {
  it('finds none in a tree', () => {
    expect(findImportCircles(graphOf({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('gives each circle as a chain from its smallest file back to it', () => {
    expect(findImportCircles(graphOf({ c: ['a'], a: ['b'], b: ['c'], d: ['a'] }))).toEqual([
      ['a', 'b', 'c', 'a'],
    ]);
  });

  it('finds a file importing itself', () => {
    expect(findImportCircles(graphOf({ a: ['a'] }))).toEqual([['a', 'a']]);
  });

  it('shows every file of a tangle in some circle', () => {
    // Two circles through a: a → b → a and a → c → d → a.
    expect(findImportCircles(graphOf({ a: ['b', 'c'], b: ['a'], c: ['d'], d: ['a'] }))).toEqual([
      ['a', 'b', 'a'],
      ['a', 'c', 'd', 'a'],
    ]);
  });

  it('reports separate tangles separately', () => {
    expect(findImportCircles(graphOf({ a: ['b'], b: ['a'], x: ['y'], y: ['x'] }))).toEqual([
      ['a', 'b', 'a'],
      ['x', 'y', 'x'],
    ]);
  });

  it('survives a long chain', () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i++) edges[`f${i}`] = [`f${i + 1}`];
    edges.f20000 = [];
    expect(findImportCircles(graphOf(edges))).toEqual([]);
  });
});

describe('buildImportGraph', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-structure-'));
    roots.push(root);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return root;
  }

  const compilerOptions = { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' };

  it('resolves relative paths, tsconfig paths and workspace packages to their source files', () => {
    const root = tree({
      'apps/web/tsconfig.json': JSON.stringify({
        compilerOptions: { ...compilerOptions, paths: { '@web/*': ['./src/*'] } },
      }),
      'apps/web/src/page.tsx': "import { helper } from '@web/lib/helper';\nimport './page.css';",
      'apps/web/src/lib/helper.ts': "import type { Shape } from '@acme/shared';\nexport const helper = 1;",
      'packages/shared/package.json': JSON.stringify({
        name: '@acme/shared',
        exports: { '.': './src/index.ts' },
      }),
      'packages/shared/tsconfig.json': JSON.stringify({ compilerOptions }),
      'packages/shared/src/index.ts': "export type { Shape } from './shape';",
      'packages/shared/src/shape.ts':
        "import type { Page } from '../../../apps/web/src/page';\nexport type Shape = 1;",
    });
    mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
    symlinkSync(path.join(root, 'packages/shared'), path.join(root, 'node_modules/@acme/shared'), 'dir');
    const files = [
      'apps/web/src/page.tsx',
      'apps/web/src/lib/helper.ts',
      'packages/shared/src/index.ts',
      'packages/shared/src/shape.ts',
    ].map((file) => path.join(root, file));

    const graph = buildImportGraph(files);

    const at = (file: string) => [...(graph.get(path.join(root, file)) ?? [])];
    expect(at('apps/web/src/page.tsx')).toEqual([path.join(root, 'apps/web/src/lib/helper.ts')]);
    expect(at('apps/web/src/lib/helper.ts')).toEqual([path.join(root, 'packages/shared/src/index.ts')]);
    expect(findImportCircles(graph).map((circle) => circle.map((file) => path.relative(root, file)))).toEqual(
      [
        [
          'apps/web/src/lib/helper.ts',
          'packages/shared/src/index.ts',
          'packages/shared/src/shape.ts',
          'apps/web/src/page.tsx',
          'apps/web/src/lib/helper.ts',
        ],
      ],
    );
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// A web app with a `paths` alias, two features with indexes (.ts and .tsx) and internals, and a stylesheet.
const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-feature-boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const files: Record<string, string> = {
  'apps/web/tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      jsx: 'react-jsx',
      paths: { '@/*': ['./src/*'] },
    },
  }),
  'apps/web/src/features/b/index.ts': "export { b } from './internal';",
  'apps/web/src/features/b/internal.ts': 'export const b = 1; export type T = 1;',
  'apps/web/src/features/b/nested/deep.ts': 'export const deep = 1;',
  'apps/web/src/features/b/style.module.css': '.x {}',
  'apps/web/src/features/c/index.tsx': "export { Panel } from './panel';",
  'apps/web/src/features/c/panel.tsx': 'export const Panel = () => null;',
  'apps/web/src/lib/api.ts': 'export const api = 1;',
};
for (const [file, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
const featuresDir = path.join(root, 'apps/web/src/features');
const inFeatureA = path.join(featuresDir, 'a/screens/screen.tsx');
const options = [{ featuresDir }];

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

const valid = (code: string, filename = inFeatureA) => ({ code, filename, options });
const invalid = (code: string, inside: string, filename = inFeatureA) => ({
  code,
  filename,
  options,
  errors: [{ messageId: 'internal', data: { from: 'a', to: 'b', inside } }],
});

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    valid("import { b } from '../../b';"),
    valid("import { b } from '../../b/index';"),
    valid("import { b } from '../../b/index.ts';"),
    valid("import { b } from '../../../features/b';"),
    valid("import { b } from '@/features/b';"),
    valid("import { Panel } from '../../c';"),
    valid("export * from '../../b';"),
    valid("const b = await import('../../b');"),
    // Its own internals, the app's shared code, packages.
    valid("import { mine } from '../mine';"),
    valid("import { mine } from '../../a/deep/mine';"),
    valid("import { api } from '../../../lib/api';"),
    valid("import { api } from '@/lib/api';"),
    valid("import { useState } from 'react';"),
    valid("import { endpoints } from '@switchboard/contract';"),
    // A name only known at run time names no file.
    valid('const m = await import(`../../b/${name}`);'),
    // The app shell assembles features; it is not a feature.
    valid("import { b } from '../features/b/internal';", path.join(root, 'apps/web/src/app/shell.tsx')),
  ],
  invalid: [
    invalid("import { b } from '../../b/internal';", 'internal.ts'),
    invalid("import type { T } from '../../b/internal';", 'internal.ts'),
    invalid("import { type T } from '../../b/internal';", 'internal.ts'),
    invalid("import '../../b/internal';", 'internal.ts'),
    invalid("export { b } from '../../b/internal';", 'internal.ts'),
    invalid("export type { T } from '../../b/internal';", 'internal.ts'),
    invalid("export * from '../../b/nested/deep';", 'nested/deep.ts'),
    invalid("export * as deep from '../../b/nested/deep';", 'nested/deep.ts'),
    invalid("const m = await import('../../b/internal');", 'internal.ts'),
    invalid('const m = await import(`../../b/internal`);', 'internal.ts'),
    invalid("type T = import('../../b/internal').T;", 'internal.ts'),
    invalid("import m = require('../../b/internal');", 'internal.ts'),
    invalid("const m = require('../../b/internal');", 'internal.ts'),
    invalid("import { b } from '@/features/b/internal';", 'internal.ts'),
    invalid("import { b } from '../../../features/b/internal';", 'internal.ts'),
    invalid("import { b } from '../../b/internal.ts';", 'internal.ts'),
    invalid("import { deep } from '../../b/nested';", 'nested'),
    invalid("import styles from '../../b/style.module.css';", 'style.module.css'),
    invalid("import styles from '@/features/b/style.module.css';", 'style.module.css'),
    invalid("import url from '../../b/internal?url';", 'internal.ts'),
    // A feature's index and its tests are held to it too.
    invalid("export { b } from '../b/internal';", 'internal.ts', path.join(featuresDir, 'a/index.ts')),
    invalid("import { b } from '../b/internal';", 'internal.ts', path.join(featuresDir, 'a/a.test.ts')),
  ],
});

describe('the repository configuration', () => {
  it('holds every web feature file to the rule', async () => {
    const repoRoot = path.resolve(import.meta.dirname, '../..');
    const eslint = new ESLint({ cwd: repoRoot });
    for (const file of [
      'apps/web/src/features/inbox/room-list.tsx',
      'apps/web/src/features/logs/log-api.ts',
    ]) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
      expect(config.rules['switchboard/feature-boundaries']).toEqual([
        2,
        { featuresDir: path.join(repoRoot, 'apps/web/src/features') },
      ]);
    }
  });
});

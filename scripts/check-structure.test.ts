import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkStructure, formatReport } from './check-structure';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'switchboard-check-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('checkStructure', () => {
  it('passes a tree without circles or big files', () => {
    const root = tree({
      'apps/server/src/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'apps/server/src/b.ts': 'export const b = 1;\n',
    });
    const report = checkStructure(root);
    expect(report).toEqual({ circles: [], oversized: [] });
    expect(formatReport(report)).toEqual([]);
  });

  it('names every circle as a chain of paths and every file over its limit', () => {
    const root = tree({
      'apps/server/src/features/x/x.service.ts':
        "import type { Y } from './y.service';\nexport type X = Y;\n",
      'apps/server/src/features/x/y.service.ts':
        "import type { X } from './x.service';\nexport type Y = X;\n",
      'apps/server/src/features/x/x.routes.ts': 'void 0;\n'.repeat(201),
      'packages/core/src/big.ts': 'void 0;\n'.repeat(401),
      // Outside the import graph's roots: its circle is not this check's business, its size is.
      'e2e/loop.test.ts': "import './loop.test';\n",
    });
    expect(formatReport(checkStructure(root))).toEqual([
      'Import circles (1):',
      [
        '  apps/server/src/features/x/x.service.ts',
        '    → apps/server/src/features/x/y.service.ts',
        '    → apps/server/src/features/x/x.service.ts',
      ].join('\n'),
      'Source files over 400 lines:',
      '  packages/core/src/big.ts (401 lines)',
      'Route files over 200 lines:',
      '  apps/server/src/features/x/x.routes.ts (201 lines)',
    ]);
  });
});

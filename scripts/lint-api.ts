// `npm run lint:api`: writes the OpenAPI document the server serves at /api/openapi.json to a temporary file and
// lints it with Spectral (.spectral.yaml); any warning fails. `-- --keep` leaves the file for a look.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument, endpoints } from '../packages/contract/src/index';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  version: string;
};
// The server names its PUBLIC_URL; this is its default.
const document = buildOpenApiDocument(endpoints, { version, serverUrl: 'http://127.0.0.1:3000' });

const dir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-openapi-'));
const file = path.join(dir, 'openapi.json');
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);

const require = createRequire(import.meta.url);
const cliPackage = require.resolve('@stoplight/spectral-cli/package.json');
const { bin } = JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: { spectral: string } };
const result = spawnSync(
  process.execPath,
  [
    path.join(path.dirname(cliPackage), bin.spectral),
    'lint',
    file,
    '--ruleset',
    path.join(repoRoot, '.spectral.yaml'),
    '--fail-severity=warn',
  ],
  { stdio: 'inherit' },
);

if (process.argv.includes('--keep')) console.log(`The document is at ${file}`);
else rmSync(dir, { recursive: true, force: true });
process.exit(result.status ?? 1);

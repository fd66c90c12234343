import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, isSealed } from './secret-box';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'secret-box-'));
  dirs.push(dir);
  return dir;
}

describe('the secret box', () => {
  it('seals values it alone can open, differently each time', async () => {
    const box = createSecretBox({ secretsKey: 'a long enough secrets key', dataDir: await tempDir() });
    const first = box.seal('shpat_123');
    const second = box.seal('shpat_123');
    expect(isSealed(first)).toBe(true);
    expect(first).not.toContain('shpat_123');
    expect(first).not.toBe(second);
    expect(box.open(first)).toBe('shpat_123');
    const other = createSecretBox({ secretsKey: 'another secrets key entirely', dataDir: await tempDir() });
    expect(() => other.open(first)).toThrow();
  });

  it('detects a changed value', async () => {
    const box = createSecretBox({ secretsKey: 'a long enough secrets key', dataDir: await tempDir() });
    const sealed = box.seal('token');
    const bytes = Buffer.from(sealed.slice('sealed:v1:'.length), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`sealed:v1:${bytes.toString('base64')}`)).toThrow();
  });

  it('passes values stored before sealing through', async () => {
    const box = createSecretBox({ secretsKey: null, dataDir: await tempDir() });
    expect(box.open('plain-old-value')).toBe('plain-old-value');
  });

  it('keeps a generated key in the data directory, readable by the owner only, and reuses it', async () => {
    const dataDir = await tempDir();
    const sealed = createSecretBox({ secretsKey: null, dataDir }).seal('value');
    const file = path.join(dataDir, 'secrets.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    expect(createSecretBox({ secretsKey: null, dataDir }).open(sealed)).toBe('value');
  });
});

import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk';
import { InvalidStorageKeyError } from './storage-key';

let dataDir: string;
let storage: LocalDiskStorage;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'local-disk-storage-'));
  storage = new LocalDiskStorage(dataDir);
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const allBytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe('LocalDiskStorage', () => {
  it('is the real local store', () => {
    expect(storage).toMatchObject({ name: 'local', sandbox: false, root: join(dataDir, 'storage') });
  });

  it('round-trips bytes and content type from a Buffer', async () => {
    const stored = await storage.put('avatars/a.png', allBytes, { contentType: 'image/png' });
    expect(stored).toEqual({ key: 'avatars/a.png', size: 256, contentType: 'image/png' });

    const object = await storage.get('avatars/a.png');
    expect(object).toMatchObject({ key: 'avatars/a.png', size: 256, contentType: 'image/png' });
    expect(await buffer(object!.body)).toEqual(allBytes);
    expect(await storage.head('avatars/a.png')).toEqual(stored);
  });

  it('round-trips a Uint8Array and a stream', async () => {
    await storage.put('media/u8.bin', new Uint8Array([1, 2, 3]), { contentType: 'application/x-test' });
    const chunks = [Buffer.from('hello '), 'wide ', Buffer.from('world')];
    const stored = await storage.put('media/s.txt', Readable.from(chunks), { contentType: 'text/plain' });
    expect(stored.size).toBe(16);

    expect(await buffer((await storage.get('media/u8.bin'))!.body)).toEqual(Buffer.from([1, 2, 3]));
    const object = await storage.get('media/s.txt');
    expect(object?.contentType).toBe('text/plain');
    expect(await text(object!.body)).toBe('hello wide world');
  });

  it('lays out <dataDir>/storage/<key> with a content-type sidecar and nothing else', async () => {
    await storage.put('uploads/x/y.pdf', Buffer.from('%PDF'), { contentType: 'application/pdf' });
    expect(await listFiles(dataDir)).toEqual([
      'storage/uploads/x/y.pdf',
      'storage/uploads/x/y.pdf.meta.json',
    ]);
    expect(await readFile(join(dataDir, 'storage/uploads/x/y.pdf'), 'utf8')).toBe('%PDF');
    expect(JSON.parse(await readFile(join(dataDir, 'storage/uploads/x/y.pdf.meta.json'), 'utf8'))).toEqual({
      contentType: 'application/pdf',
    });
  });

  it('replaces an object and its content type on a second put', async () => {
    await storage.put('media/m', Buffer.from('old'), { contentType: 'text/plain' });
    await storage.put('media/m', Buffer.from('newer'), { contentType: 'text/markdown' });
    const object = await storage.get('media/m');
    expect(object).toMatchObject({ size: 5, contentType: 'text/markdown' });
    expect(await text(object!.body)).toBe('newer');
  });

  it('keeps serving the bytes a reader opened while a put replaces them', async () => {
    await storage.put('media/m', Buffer.from('first version'), { contentType: 'text/plain' });
    const reading = await storage.get('media/m');
    await storage.put('media/m', Buffer.from('second'), { contentType: 'text/plain' });
    expect(await text(reading!.body)).toBe('first version');
    expect(await text((await storage.get('media/m'))!.body)).toBe('second');
  });

  it('returns null for missing objects, including keys below a file or naming a directory', async () => {
    await storage.put('media/file', Buffer.from('x'), { contentType: 'text/plain' });
    for (const key of ['media/missing', 'nothing/here', 'media/file/below', 'media']) {
      expect(await storage.get(key)).toBeNull();
      expect(await storage.head(key)).toBeNull();
    }
  });

  it('falls back to application/octet-stream when the sidecar is gone', async () => {
    await mkdir(join(dataDir, 'storage/media'), { recursive: true });
    await writeFile(join(dataDir, 'storage/media/bare'), 'x');
    expect(await storage.head('media/bare')).toEqual({
      key: 'media/bare',
      size: 1,
      contentType: 'application/octet-stream',
    });
  });

  it('deletes idempotently and leaves no sidecar behind', async () => {
    await storage.put('media/d', Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete('media/d');
    await storage.delete('media/d');
    await storage.delete('never/existed');
    await storage.delete('media');
    expect(await storage.get('media/d')).toBeNull();
    expect(await listFiles(dataDir)).toEqual([]);
  });

  it('rejects traversal keys on every operation and writes nothing', async () => {
    for (const key of ['../escape', 'media/../../escape', '/tmp/escape', 'media/.x', 'a//b']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.head(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(await listFiles(dataDir)).toEqual([]);
  });

  it('leaves no temporary files after many writes', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storage.put(`media/same`, Buffer.alloc(10_000, i), { contentType: `test/v${i}` }),
      ),
    );
    expect(await listFiles(dataDir)).toEqual(['storage/media/same', 'storage/media/same.meta.json']);
    const object = await storage.get('media/same');
    const bytes = await buffer(object!.body);
    expect(bytes.length).toBe(10_000);
    expect(new Set(bytes).size).toBe(1);
  });

  it('keeps the previous object and no temporary file when a stream fails mid-write', async () => {
    await storage.put('recordings/r.wav', Buffer.from('complete'), { contentType: 'audio/wav' });
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(new Error('caller hung up'));
      },
    });

    await expect(storage.put('recordings/r.wav', failing, { contentType: 'audio/x-broken' })).rejects.toThrow(
      'caller hung up',
    );
    expect(await listFiles(dataDir)).toEqual([
      'storage/recordings/r.wav',
      'storage/recordings/r.wav.meta.json',
    ]);
    const object = await storage.get('recordings/r.wav');
    expect(object?.contentType).toBe('audio/wav');
    expect(await text(object!.body)).toBe('complete');
  });
});

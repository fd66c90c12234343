import { randomBytes } from 'node:crypto';
import { lstat, mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { assertStorageKey } from './storage-key';
import type {
  PutObjectOptions,
  StorageBody,
  StorageProvider,
  StoredObject,
  StoredObjectContent,
} from './types';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const META_SUFFIX = '.meta.json';

/** Objects as files under `<dataDir>/storage/<key>`, each with a `<file>.meta.json` sidecar for its content type. */
export class LocalDiskStorage implements StorageProvider {
  readonly name = 'local';
  readonly sandbox = false;
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'storage');
  }

  async put(key: string, body: StorageBody, options: PutObjectOptions): Promise<StoredObject> {
    const file = this.fileOf(key);
    await mkdir(dirname(file), { recursive: true });
    const data = await writeTempFile(file, body);
    let meta: string | undefined;
    try {
      meta = (await writeTempFile(file + META_SUFFIX, JSON.stringify({ contentType: options.contentType })))
        .path;
      // The slow, failure-prone writes are done; the two renames leave only a tiny window where the old
      // object could be read with the new content type.
      await rename(meta, file + META_SUFFIX);
      meta = undefined;
      await rename(data.path, file);
    } catch (error) {
      await Promise.all([
        rm(data.path, { force: true }),
        meta === undefined ? undefined : rm(meta, { force: true }),
      ]);
      throw error;
    }
    return { key, size: data.size, contentType: options.contentType };
  }

  async get(key: string): Promise<StoredObjectContent | null> {
    const file = this.fileOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      // Size and content come from the same open file, so a concurrent put (a rename) cannot mix them.
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      const contentType = await readContentType(file);
      return { key, size: stats.size, contentType, body: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    const stats = await lstatOrNull(file);
    if (!stats?.isFile()) return null;
    return { key, size: stats.size, contentType: await readContentType(file) };
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    // A directory here only means other keys live below this one; like S3, there is nothing to delete.
    if ((await lstatOrNull(file))?.isFile()) await unlinkIfPresent(file);
    await unlinkIfPresent(file + META_SUFFIX);
  }

  private fileOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }
}

async function writeTempFile(
  target: string,
  body: StorageBody | string,
): Promise<{ path: string; size: number }> {
  // A leading dot can never collide with a valid key segment.
  const path = join(dirname(target), `.${basename(target)}.${randomBytes(8).toString('hex')}.tmp`);
  const handle = await open(path, 'wx');
  try {
    if (typeof body === 'string' || body instanceof Uint8Array) await handle.writeFile(body);
    else
      for await (const chunk of body)
        await handle.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    // Without the fsync a crash after the rename could leave a complete name over incomplete data.
    await handle.sync();
    const { size } = await handle.stat();
    await handle.close();
    return { path, size };
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(path, { force: true });
    throw error;
  }
}

async function readContentType(file: string): Promise<string> {
  let text;
  try {
    text = await readFile(file + META_SUFFIX, 'utf8');
  } catch (error) {
    if (isMissing(error)) return DEFAULT_CONTENT_TYPE;
    throw error;
  }
  const meta: unknown = JSON.parse(text);
  if (
    typeof meta === 'object' &&
    meta !== null &&
    'contentType' in meta &&
    typeof meta.contentType === 'string'
  ) {
    return meta.contentType;
  }
  return DEFAULT_CONTENT_TYPE;
}

async function lstatOrNull(path: string) {
  try {
    return await lstat(path);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function unlinkIfPresent(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

// ENOTDIR: a parent segment of the key is a file, so the key cannot exist.
function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

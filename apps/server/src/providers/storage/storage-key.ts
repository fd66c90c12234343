import { randomUUID } from 'node:crypto';
import { extname } from 'node:path';

export const MAX_STORAGE_KEY_LENGTH = 512;

const SEGMENT = /^[A-Za-z0-9._-]+$/;
// The local store keeps each object's content type in a sidecar with this suffix; reserving it everywhere keeps
// every key valid in every provider.
const RESERVED_SUFFIX = '.meta.json';

export type StorageKeyPrefix = 'avatars' | 'media' | 'uploads' | 'recordings';

export class InvalidStorageKeyError extends Error {
  override readonly name = 'InvalidStorageKeyError';

  constructor(
    readonly key: string,
    readonly reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key.slice(0, 100))}: ${reason}`);
  }
}

/** Throws InvalidStorageKeyError unless the key is a relative, '/'-separated path of safe segments. */
export function assertStorageKey(key: string): void {
  const reason = findStorageKeyProblem(key);
  if (reason !== undefined) throw new InvalidStorageKeyError(key, reason);
}

function findStorageKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'it is empty';
  if (key.length > MAX_STORAGE_KEY_LENGTH) return `it is longer than ${MAX_STORAGE_KEY_LENGTH} characters`;
  if (key.startsWith('/')) return 'it must be relative';
  for (const segment of key.split('/')) {
    if (segment === '') return 'it has an empty segment';
    // Rules out '.' and '..' and leaves dot-names free for the local store's temporary files.
    if (segment.startsWith('.')) return `segment ${JSON.stringify(segment)} starts with a dot`;
    if (!SEGMENT.test(segment))
      return `segment ${JSON.stringify(segment)} has characters outside [A-Za-z0-9._-]`;
  }
  if (key.endsWith(RESERVED_SUFFIX)) return `the suffix ${RESERVED_SUFFIX} is reserved`;
  return undefined;
}

/** A fresh unique key under the prefix, keeping only a short sanitized extension of the original file name. */
export function newStorageKey(prefix: StorageKeyPrefix, fileName: string): string {
  const extension = extname(fileName)
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 16);
  return `${prefix}/${randomUUID()}${extension === '' ? '' : `.${extension}`}`;
}

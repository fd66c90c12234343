import type { Readable } from 'node:stream';

export type StorageBody = Buffer | Uint8Array | NodeJS.ReadableStream;

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

export interface StoredObjectContent extends StoredObject {
  /** The caller must consume or destroy the stream so the underlying file or socket is released. */
  body: Readable;
}

export interface PutObjectOptions {
  contentType: string;
}

/** Object storage for avatars, chat media, uploads and call recordings. Keys are checked by assertStorageKey. */
export interface StorageProvider {
  readonly name: 'local' | 's3';
  readonly sandbox: boolean;
  /** Stores the object, replacing any object under the same key. */
  put(key: string, body: StorageBody, options: PutObjectOptions): Promise<StoredObject>;
  /** The object's content, or null when there is no object under the key. */
  get(key: string): Promise<StoredObjectContent | null>;
  head(key: string): Promise<StoredObject | null>;
  /** Succeeds whether or not an object exists under the key. */
  delete(key: string): Promise<void>;
}

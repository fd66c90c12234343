import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey } from './storage-key';
import type {
  PutObjectOptions,
  StorageBody,
  StorageProvider,
  StoredObject,
  StoredObjectContent,
} from './types';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, B2, ...); AWS itself when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prepended with '/' to every key, so one bucket can hold several installations. */
  prefix?: string;
}

/** Objects in an S3-compatible bucket, through the official AWS SDK. */
export class S3Storage implements StorageProvider {
  readonly name = 's3';
  readonly sandbox = false;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    const prefix = options.prefix?.replace(/^\/+|\/+$/g, '') ?? '';
    if (prefix !== '') assertStorageKey(prefix);
    this.prefix = prefix === '' ? '' : `${prefix}/`;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async put(key: string, body: StorageBody, options: PutObjectOptions): Promise<StoredObject> {
    const objectKey = this.objectKeyOf(key);
    // A single PutObject needs the length up front and @aws-sdk/lib-storage (multipart) is not a dependency,
    // so streams are buffered. A buffer also lets the SDK send its checksum as a plain header.
    const bytes = body instanceof Uint8Array ? body : await readAll(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: bytes,
        ContentType: options.contentType,
        ContentLength: bytes.byteLength,
      }),
    );
    return { key, size: bytes.byteLength, contentType: options.contentType };
  }

  async get(key: string): Promise<StoredObjectContent | null> {
    const objectKey = this.objectKeyOf(key);
    try {
      const output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if (!(output.Body instanceof Readable))
        throw new Error(`S3 returned no readable body for ${objectKey}`);
      return {
        key,
        size: output.ContentLength ?? 0,
        contentType: output.ContentType ?? DEFAULT_CONTENT_TYPE,
        body: output.Body,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<StoredObject | null> {
    const objectKey = this.objectKeyOf(key);
    try {
      const output = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return {
        key,
        size: output.ContentLength ?? 0,
        contentType: output.ContentType ?? DEFAULT_CONTENT_TYPE,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 whether or not the object existed, which is the idempotence the interface promises.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKeyOf(key) }));
  }

  private objectKeyOf(key: string): string {
    assertStorageKey(key);
    return this.prefix + key;
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

// GET answers 404 with a NoSuchKey body; HEAD has no body, so the SDK can only report NotFound.
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3Server } from '../../../../../packages/testing/src/fakes/fake-s3-server';
import type { FakeS3Server } from '../../../../../packages/testing/src/fakes/fake-s3-server';
import { S3Storage } from './s3';
import type { S3StorageOptions } from './s3';
import { InvalidStorageKeyError } from './storage-key';

const ACCESS_KEY_ID = 'AKIAFAKESWITCHBOARD';
let fake: FakeS3Server;
let options: S3StorageOptions;
let storage: S3Storage;

beforeAll(async () => {
  fake = await startFakeS3Server({ accessKeyId: ACCESS_KEY_ID });
  options = {
    bucket: 'switchboard',
    region: 'us-east-1',
    endpoint: fake.url,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: 'fake-secret',
    forcePathStyle: true,
  };
  storage = new S3Storage(options);
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.objects.clear();
  fake.requests.length = 0;
});

const allBytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

describe('S3Storage against the fake S3 server', () => {
  it('is a real provider named s3', () => {
    expect(storage).toMatchObject({ name: 's3', sandbox: false });
  });

  it('round-trips bytes and content type through the SDK', async () => {
    const stored = await storage.put('avatars/a.png', allBytes, { contentType: 'image/png' });
    expect(stored).toEqual({ key: 'avatars/a.png', size: 256, contentType: 'image/png' });
    expect(fake.objects.get('switchboard/avatars/a.png')).toMatchObject({
      body: allBytes,
      contentType: 'image/png',
    });
    // The SDK's default integrity checksum arrives as a header, and the fake verified it.
    expect(fake.requests[0]?.headers['x-amz-checksum-crc32']).toEqual(expect.any(String));

    const object = await storage.get('avatars/a.png');
    expect(object).toMatchObject({ key: 'avatars/a.png', size: 256, contentType: 'image/png' });
    expect(await buffer(object!.body)).toEqual(allBytes);
    expect(await storage.head('avatars/a.png')).toEqual(stored);
  });

  it('buffers a stream body and uploads it whole', async () => {
    const body = Readable.from([Buffer.from('chunk one, '), 'chunk two']);
    const stored = await storage.put('media/s.txt', body, { contentType: 'text/plain; charset=utf-8' });
    expect(stored.size).toBe(20);
    const object = await storage.get('media/s.txt');
    expect(object?.contentType).toBe('text/plain; charset=utf-8');
    expect(await text(object!.body)).toBe('chunk one, chunk two');
  });

  it('uploads a large object after an Expect: 100-continue handshake', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await storage.put('recordings/big.wav', big, { contentType: 'audio/wav' });
    expect(fake.requests[0]?.headers.expect).toBe('100-continue');
    expect(fake.objects.get('switchboard/recordings/big.wav')?.body.equals(big)).toBe(true);
  });

  it('returns null for a missing object on get and head', async () => {
    expect(await storage.get('media/missing.png')).toBeNull();
    expect(await storage.head('media/missing.png')).toBeNull();
  });

  it('deletes idempotently', async () => {
    await storage.put('media/d.bin', Buffer.from('x'), { contentType: 'application/octet-stream' });
    await storage.delete('media/d.bin');
    await storage.delete('media/d.bin');
    expect(await storage.get('media/d.bin')).toBeNull();
    expect(fake.objects.size).toBe(0);
  });

  it('keeps objects under the configured prefix', async () => {
    const prefixed = new S3Storage({ ...options, prefix: '/installs/eu-1/' });
    await prefixed.put('avatars/p.png', Buffer.from('p'), { contentType: 'image/png' });
    expect([...fake.objects.keys()]).toEqual(['switchboard/installs/eu-1/avatars/p.png']);
    expect(await prefixed.head('avatars/p.png')).toMatchObject({ size: 1 });
    expect(await storage.head('avatars/p.png')).toBeNull();
  });

  it('rejects an invalid prefix when constructed', () => {
    expect(() => new S3Storage({ ...options, prefix: '../other' })).toThrow(InvalidStorageKeyError);
  });

  it('rejects traversal keys before sending anything', async () => {
    await expect(storage.put('../x', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get('a/../../x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.head('/x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete('a//x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(fake.requests).toEqual([]);
  });

  it('fails with InvalidAccessKeyId for a wrong access key instead of reporting a missing object', async () => {
    await storage.put('media/secret.txt', Buffer.from('s'), { contentType: 'text/plain' });
    const intruder = new S3Storage({ ...options, accessKeyId: 'AKIAWRONG' });

    await expect(
      intruder.put('media/x.txt', Buffer.from('x'), { contentType: 'text/plain' }),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId', $metadata: { httpStatusCode: 403 } });
    await expect(intruder.get('media/secret.txt')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    await expect(intruder.head('media/secret.txt')).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    await expect(intruder.delete('media/secret.txt')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect([...fake.objects.keys()]).toEqual(['switchboard/media/secret.txt']);
  });

  it('refuses a large upload with a wrong key before the body is sent', async () => {
    const intruder = new S3Storage({ ...options, accessKeyId: 'AKIAWRONG' });
    await expect(
      intruder.put('recordings/big.wav', Buffer.alloc(3 * 1024 * 1024), { contentType: 'audio/wav' }),
    ).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    expect(fake.objects.size).toBe(0);
  });
});

describe('fake S3 server with the SDK streaming upload', () => {
  it('decodes an aws-chunked body with a CRC32 trailer', async () => {
    const client = new S3Client({
      region: options.region,
      endpoint: fake.url,
      forcePathStyle: true,
      credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: 'fake-secret' },
    });
    const parts = [Buffer.alloc(70_000, 1), Buffer.alloc(5, 2), Buffer.alloc(1, 3)];
    await client.send(
      new PutObjectCommand({
        Bucket: 'switchboard',
        Key: 'uploads/streamed.bin',
        Body: Readable.from(parts),
        ContentLength: 70_006,
        ContentType: 'application/x-streamed',
      }),
    );
    client.destroy();

    const headers = fake.requests[0]?.headers;
    expect(headers?.['content-encoding']).toContain('aws-chunked');
    expect(headers).toMatchObject({
      'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      'x-amz-trailer': 'x-amz-checksum-crc32',
    });
    const object = fake.objects.get('switchboard/uploads/streamed.bin');
    expect(object?.contentType).toBe('application/x-streamed');
    expect(object?.body.equals(Buffer.concat(parts))).toBe(true);
    expect(object?.checksumCrc32).toEqual(expect.any(String));
  });
});

import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3Server } from './fake-s3-server';
import type { FakeS3Server } from './fake-s3-server';

const ACCESS_KEY_ID = 'AKIAFAKE';
let fake: FakeS3Server;

beforeAll(async () => {
  fake = await startFakeS3Server({ accessKeyId: ACCESS_KEY_ID });
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.objects.clear();
});

function authorization(accessKeyId = ACCESS_KEY_ID): string {
  return (
    `AWS4-HMAC-SHA256 Credential=${accessKeyId}/20250101/us-east-1/s3/aws4_request, ` +
    `SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`
  );
}

function signedHeaders(body: Buffer | string = ''): Record<string, string> {
  return {
    authorization: authorization(),
    'x-amz-date': '20250101T000000Z',
    'x-amz-content-sha256': createHash('sha256').update(body).digest('hex'),
  };
}

function crc32Base64(body: Buffer): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(crc32(body));
  return bytes.toString('base64');
}

describe('startFakeS3Server', () => {
  it('stores, reads, heads and deletes an object', async () => {
    const body = Buffer.from('voice memo');
    const put = await fetch(`${fake.url}/bucket/a/b%20c.txt`, {
      method: 'PUT',
      headers: { ...signedHeaders(body), 'content-type': 'text/plain' },
      body,
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    expect(fake.objects.get('bucket/a/b c.txt')?.body).toEqual(body);

    const get = await fetch(`${fake.url}/bucket/a/b%20c.txt`, { headers: signedHeaders() });
    expect(get.status).toBe(200);
    expect(get.headers.get('content-type')).toBe('text/plain');
    expect(await get.text()).toBe('voice memo');

    const head = await fetch(`${fake.url}/bucket/a/b%20c.txt`, { method: 'HEAD', headers: signedHeaders() });
    expect(head.headers.get('content-length')).toBe('10');

    const del = await fetch(`${fake.url}/bucket/a/b%20c.txt`, { method: 'DELETE', headers: signedHeaders() });
    expect(del.status).toBe(204);
    expect(fake.objects.size).toBe(0);
  });

  it('answers a missing object with the S3 NoSuchKey XML', async () => {
    const response = await fetch(`${fake.url}/bucket/missing`, { headers: signedHeaders() });
    expect(response.status).toBe(404);
    expect(await response.text()).toMatch(/<Error><Code>NoSuchKey<\/Code><Message>[^<]+<\/Message>/);
    const head = await fetch(`${fake.url}/bucket/missing`, { method: 'HEAD', headers: signedHeaders() });
    expect(head.status).toBe(404);
  });

  it('rejects unsigned requests and unknown access keys', async () => {
    const anonymous = await fetch(`${fake.url}/bucket/k`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');

    const wrongKey = await fetch(`${fake.url}/bucket/k`, {
      headers: { ...signedHeaders(), authorization: authorization('AKIAOTHER') },
    });
    expect(wrongKey.status).toBe(403);
    expect(await wrongKey.text()).toContain('<Code>InvalidAccessKeyId</Code>');

    const basic = await fetch(`${fake.url}/bucket/k`, {
      headers: { ...signedHeaders(), authorization: 'Basic eA==' },
    });
    expect(basic.status).toBe(400);
  });

  it('decodes an aws-chunked upload and checks its CRC32 trailer', async () => {
    const payload = Buffer.from('streamed payload');
    const chunked = (checksum: string) =>
      Buffer.from(
        `a\r\n${payload.toString().slice(0, 10)}\r\n6\r\n${payload.toString().slice(10)}\r\n0\r\n` +
          `x-amz-checksum-crc32:${checksum}\r\n\r\n`,
      );
    const headers = {
      ...signedHeaders(),
      'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': String(payload.length),
      'x-amz-trailer': 'x-amz-checksum-crc32',
    };

    const good = await fetch(`${fake.url}/bucket/s`, {
      method: 'PUT',
      headers,
      body: chunked(crc32Base64(payload)),
    });
    expect(good.status).toBe(200);
    expect(fake.objects.get('bucket/s')?.body).toEqual(payload);

    const bad = await fetch(`${fake.url}/bucket/t`, { method: 'PUT', headers, body: chunked('AAAAAA==') });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('<Code>BadDigest</Code>');
    expect(fake.objects.has('bucket/t')).toBe(false);
  });

  it('rejects a body that does not match its x-amz-content-sha256', async () => {
    const response = await fetch(`${fake.url}/bucket/x`, {
      method: 'PUT',
      headers: signedHeaders('something else'),
      body: 'tampered',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
  });
});

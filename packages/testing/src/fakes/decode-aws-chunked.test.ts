import { describe, expect, it } from 'vitest';
import { AwsChunkedDecodeError, decodeAwsChunked } from './decode-aws-chunked';

const signature = 'a'.repeat(64);

describe('decodeAwsChunked', () => {
  it('decodes unsigned chunks with a checksum trailer', () => {
    const raw = Buffer.from(
      '5\r\nhello\r\n6\r\n world\r\n0\r\nx-amz-checksum-crc32:DUoRhQ==\r\n\r\n',
      'latin1',
    );
    const decoded = decodeAwsChunked(raw);
    expect(decoded.payload.toString()).toBe('hello world');
    expect([...decoded.trailers]).toEqual([['x-amz-checksum-crc32', 'DUoRhQ==']]);
  });

  it('decodes signed chunks and a body that ends right after the last chunk', () => {
    const raw = Buffer.from(
      `a;chunk-signature=${signature}\r\n0123456789\r\n0;chunk-signature=${signature}\r\n`,
    );
    expect(decodeAwsChunked(raw)).toEqual({ payload: Buffer.from('0123456789'), trailers: new Map() });
  });

  it('keeps binary payload bytes, including CRLF inside a chunk', () => {
    const payload = Buffer.from([0, 13, 10, 255, 13, 10]);
    const raw = Buffer.concat([Buffer.from('6\r\n'), payload, Buffer.from('\r\n0\r\n\r\n')]);
    expect(decodeAwsChunked(raw).payload).toEqual(payload);
  });

  it.each([
    '5\r\nhell',
    '5\r\nhelloXX0\r\n',
    'zz\r\nhello\r\n0\r\n',
    '5\r\nhello\r\n0\r\nnot-a-trailer\r\n',
    'no crlf',
  ])('rejects malformed body %j', (raw) => {
    expect(() => decodeAwsChunked(Buffer.from(raw))).toThrow(AwsChunkedDecodeError);
  });
});

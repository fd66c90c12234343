export interface AwsChunkedBody {
  payload: Buffer;
  /** Trailing headers after the last chunk, such as `x-amz-checksum-crc32`, keyed in lower case. */
  trailers: Map<string, string>;
}

export class AwsChunkedDecodeError extends Error {
  override readonly name = 'AwsChunkedDecodeError';
}

const CHUNK_HEADER = /^([0-9a-fA-F]+)(;chunk-signature=[0-9a-f]{64})?$/;

/**
 * Decodes an `aws-chunked` body, signed (STREAMING-AWS4-HMAC-SHA256-PAYLOAD) or not
 * (STREAMING-UNSIGNED-PAYLOAD-TRAILER): `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` repeated, a zero-size
 * chunk, then optional `name:value\r\n` trailers and a blank line. Chunk signatures are not verified.
 */
export function decodeAwsChunked(raw: Buffer): AwsChunkedBody {
  const chunks: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', offset);
    if (lineEnd < 0) throw new AwsChunkedDecodeError('A chunk header is not terminated by CRLF');
    const header = raw.toString('latin1', offset, lineEnd);
    const match = CHUNK_HEADER.exec(header);
    if (!match?.[1]) throw new AwsChunkedDecodeError(`Malformed chunk header ${JSON.stringify(header)}`);
    const size = Number.parseInt(match[1], 16);
    offset = lineEnd + 2;
    if (size === 0) break;
    const end = offset + size;
    if (end + 2 > raw.length || raw.toString('latin1', end, end + 2) !== '\r\n') {
      throw new AwsChunkedDecodeError(`Chunk of ${size} bytes is truncated or not followed by CRLF`);
    }
    chunks.push(raw.subarray(offset, end));
    offset = end + 2;
  }
  return { payload: Buffer.concat(chunks), trailers: parseTrailers(raw.toString('latin1', offset)) };
}

function parseTrailers(text: string): Map<string, string> {
  const trailers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw new AwsChunkedDecodeError(`Malformed trailer ${JSON.stringify(line)}`);
    trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return trailers;
}

import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { AwsChunkedDecodeError, decodeAwsChunked } from './decode-aws-chunked';

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
  /** Base64 CRC32 when the upload carried one, returned again to `x-amz-checksum-mode: ENABLED` reads. */
  checksumCrc32?: string;
}

export interface FakeS3Request {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface FakeS3Server {
  /** Use as the SDK `endpoint` with `forcePathStyle: true`. */
  url: string;
  /** Stored objects keyed by `<bucket>/<key>`. */
  objects: Map<string, FakeS3Object>;
  /** Every request received, in order. */
  requests: FakeS3Request[];
  close(): Promise<void>;
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const SIGV4 =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/\d{8}\/[^/]+\/s3\/aws4_request, ?SignedHeaders=[^,]+, ?Signature=[0-9a-f]{64}$/;

/**
 * An in-memory S3 on loopback for tests and offline development: path-style PUT, GET, HEAD and DELETE of
 * objects. Requests must be SigV4-signed with `accessKeyId`; the signature itself is not checked, but body
 * checksums (x-amz-content-sha256, Content-MD5, x-amz-checksum-crc32 as header or aws-chunked trailer) are.
 */
export async function startFakeS3Server(options: { accessKeyId: string }): Promise<FakeS3Server> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];

  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers });
    try {
      const denied = findAuthorizationProblem(req.headers, options.accessKeyId);
      if (denied) throw denied;
      const [bucket = '', ...keySegments] = url.pathname.slice(1).split('/');
      const key = keySegments.map((segment) => decodeURIComponent(segment)).join('/');
      if (bucket === '' || key === '')
        throw new S3Error(501, 'NotImplemented', 'Only object requests exist here');
      const id = `${bucket}/${key}`;
      switch (req.method) {
        case 'PUT': {
          const object = await readObject(req);
          objects.set(id, object);
          res.writeHead(200, { ETag: object.etag, ...checksumHeaders(object) }).end();
          return;
        }
        case 'GET':
        case 'HEAD': {
          const object = objects.get(id);
          if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
          res.writeHead(200, {
            'Content-Type': object.contentType,
            'Content-Length': object.body.length,
            ETag: object.etag,
            'Last-Modified': object.lastModified.toUTCString(),
            ...(req.headers['x-amz-checksum-mode'] === 'ENABLED' ? checksumHeaders(object) : {}),
          });
          res.end(req.method === 'GET' ? object.body : undefined);
          return;
        }
        case 'DELETE':
          objects.delete(id);
          res.writeHead(204).end();
          return;
        default:
          throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed here');
      }
    } catch (error) {
      const s3Error = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
      sendError(req, res, s3Error, url.pathname);
    }
  };

  const server = createServer((req, res) => void serve(req, res));
  // Clients that send `Expect: 100-continue` (the SDK does from 2 MB) wait for the go-ahead; refuse bad
  // credentials before the body is sent, as S3 does.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    const denied = findAuthorizationProblem(req.headers, options.accessKeyId);
    if (denied) {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
      // The client never sends the body it announced, so the connection cannot carry another request.
      res.setHeader('Connection', 'close');
      sendError(req, res, denied, req.url ?? '');
      return;
    }
    res.writeContinue();
    void serve(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps sockets alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

function findAuthorizationProblem(headers: IncomingHttpHeaders, accessKeyId: string): S3Error | undefined {
  const authorization = headers.authorization;
  if (authorization === undefined) return new S3Error(403, 'AccessDenied', 'Anonymous access is not allowed');
  const match = SIGV4.exec(authorization);
  if (!match)
    return new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is not AWS SigV4');
  if (match[1] !== accessKeyId) {
    return new S3Error(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
    );
  }
  if (stringHeader(headers['x-amz-content-sha256']) === undefined) {
    return new S3Error(
      400,
      'InvalidRequest',
      'Missing required header for this request: x-amz-content-sha256',
    );
  }
  return undefined;
}

async function readObject(req: IncomingMessage): Promise<FakeS3Object> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const contentSha256 = stringHeader(req.headers['x-amz-content-sha256']) ?? '';
  const streaming = contentSha256.startsWith('STREAMING-');
  if (streaming !== (req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
    throw new S3Error(
      400,
      'InvalidRequest',
      'aws-chunked encoding and a STREAMING- payload hash go together',
    );
  }
  let body: Buffer = raw;
  let trailers = new Map<string, string>();
  if (streaming) {
    try {
      ({ payload: body, trailers } = decodeAwsChunked(raw));
    } catch (error) {
      if (error instanceof AwsChunkedDecodeError) throw new S3Error(400, 'IncompleteBody', error.message);
      throw error;
    }
    const declared = stringHeader(req.headers['x-amz-decoded-content-length']);
    if (declared !== undefined && Number(declared) !== body.length) {
      throw new S3Error(400, 'IncompleteBody', `Decoded ${body.length} bytes, declared ${declared}`);
    }
  } else if (/^[0-9a-f]{64}$/.test(contentSha256) && sha256Hex(body) !== contentSha256) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 does not match');
  }
  const md5 = createHash('md5').update(body).digest();
  const contentMd5 = req.headers['content-md5'];
  if (contentMd5 !== undefined && contentMd5 !== md5.toString('base64')) {
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  const expectedCrc32 =
    stringHeader(req.headers['x-amz-checksum-crc32']) ?? trailers.get('x-amz-checksum-crc32');
  const actualCrc32 = crc32Base64(body);
  if (expectedCrc32 !== undefined && expectedCrc32 !== actualCrc32) {
    throw new S3Error(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
  }
  return {
    body,
    contentType: req.headers['content-type'] ?? 'binary/octet-stream',
    etag: `"${md5.toString('hex')}"`,
    lastModified: new Date(),
    ...(expectedCrc32 === undefined ? {} : { checksumCrc32: actualCrc32 }),
  };
}

function checksumHeaders(object: FakeS3Object): Record<string, string> {
  return object.checksumCrc32 === undefined ? {} : { 'x-amz-checksum-crc32': object.checksumCrc32 };
}

function sendError(req: IncomingMessage, res: ServerResponse, error: S3Error, resource: string): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  // HEAD responses have no body, which is why the SDK reports a missing object there as NotFound.
  const xml =
    req.method === 'HEAD'
      ? undefined
      : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${error.code}</Code>` +
        `<Message>${escapeXml(error.message)}</Message><Resource>${escapeXml(resource)}</Resource>` +
        `<RequestId>${requestId}</RequestId></Error>`;
  res.writeHead(error.status, {
    'Content-Type': 'application/xml',
    'x-amz-request-id': requestId,
    ...(xml === undefined ? {} : { 'Content-Length': Buffer.byteLength(xml) }),
  });
  res.end(xml);
}

function stringHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sha256Hex(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

function crc32Base64(body: Buffer): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(crc32(body));
  return bytes.toString('base64');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

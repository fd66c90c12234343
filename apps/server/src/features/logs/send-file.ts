import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';

/**
 * Streams a download. The first chunk is read before anything is sent, so a query that fails at once still answers
 * a JSON error; after that the reply is taken over and the rest is piped with backpressure.
 */
export async function sendFileStream(
  reply: FastifyReply,
  stream: Readable,
  file: { name: string; contentType: string },
): Promise<never> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<unknown>;
  const first = await iterator.next();
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': file.contentType,
    'content-disposition': `attachment; filename="${file.name}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  const rest = Readable.from(
    (async function* () {
      if (!first.done) yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
  pipeline(rest, reply.raw).catch((error: unknown) => {
    reply.log.warn({ err: error }, 'download stopped before the end');
    stream.destroy();
  });
  // The reply is hijacked: the HTTP layer sees it as sent and does not answer again.
  return undefined as never;
}

import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EmbeddingsRequest {
  headers: http.IncomingHttpHeaders;
  body: { model: string; input: string | string[]; encoding_format?: string };
}

/**
 * Words that mean the same to the fake's "model": a word of a group is embedded as the group, so a question and a
 * passage that share a meaning but no word come out near each other, as with a real embedding model.
 */
const meanings: string[][] = [
  [
    'price',
    'prices',
    'cost',
    'costs',
    'fee',
    'fees',
    'charge',
    'charges',
    'much',
    'pay',
    'dollars',
    'expensive',
  ],
  ['hours', 'open', 'opening', 'close', 'closing', 'closed', 'when'],
  ['where', 'address', 'located', 'location', 'find', 'street', 'directions'],
  ['cancel', 'cancellation', 'reschedule', 'change', 'move'],
  ['staff', 'team', 'stylist', 'stylists', 'who', 'people', 'director'],
  ['park', 'parking', 'car', 'garage'],
  ['hair', 'cut', 'cuts', 'haircut', 'trim'],
];
const meaningOf = new Map(meanings.flatMap((group) => group.map((word) => [word, group[0] ?? word])));

/** The fake model's vector of a text: its words' meanings hashed into `dimensions` signed buckets, unit length. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (word.length < 3 && !/\d/.test(word)) continue;
    const digest = createHash('sha256')
      .update(meaningOf.get(word) ?? word)
      .digest();
    const bucket = digest.readUInt32BE(0) % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + ((digest[4] ?? 0) & 1 ? 1 : -1);
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

/**
 * An OpenAI-compatible `POST {base}/embeddings` server on loopback: bearer key checked, `input` a string or an array,
 * `data` answered in reverse order with each `index` (clients must order by it), usage counted, OpenAI's error
 * shape. `failNext(n)` answers the next n requests with a 500, as an overloaded server would.
 */
export async function startFakeEmbeddingsServer(options: { apiKey: string; dimensions?: number }): Promise<{
  baseUrl: string;
  requests: EmbeddingsRequest[];
  failNext(count: number): void;
  close(): Promise<void>;
}> {
  const dimensions = options.dimensions ?? 64;
  const requests: EmbeddingsRequest[] = [];
  let failures = 0;
  const error = (res: http.ServerResponse, status: number, message: string, type: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/embeddings')) {
        error(res, 404, `Unknown path ${req.url ?? ''}`, 'invalid_request_error');
        return;
      }
      if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
        error(res, 401, 'Incorrect API key provided', 'invalid_request_error');
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as EmbeddingsRequest['body'];
      requests.push({ headers: req.headers, body });
      if (failures > 0) {
        failures -= 1;
        error(res, 500, 'The server had an error while processing your request.', 'server_error');
        return;
      }
      const inputs = typeof body.input === 'string' ? [body.input] : body.input;
      if (!Array.isArray(inputs) || inputs.length === 0 || inputs.some((text) => typeof text !== 'string')) {
        error(res, 400, "'input' must be a string or a non-empty array of strings", 'invalid_request_error');
        return;
      }
      const data = inputs
        .map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text, dimensions) }))
        .reverse();
      const tokens = inputs.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          data,
          model: body.model,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext: (count) => (failures = count),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TtsRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeTtsOptions {
  vendor: 'elevenlabs' | 'openai';
  apiKey: string;
  /** Sample rate of the PCM answered when the request does not name one (OpenAI's pcm is 24 kHz). */
  sampleRate?: number;
  /** Milliseconds of audio per character of text; default 50. */
  msPerCharacter?: number;
  /** Bytes per chunk written to the response, to exercise odd chunk boundaries; default 1001. */
  chunkBytes?: number;
  /** Pause between chunks, ms; default 5. */
  chunkDelayMs?: number;
}

/**
 * A wire-level text-to-speech vendor on loopback, ElevenLabs (`POST /v1/text-to-speech/{voice}/stream`,
 * `xi-api-key`, `output_format=pcm_<rate>`) or OpenAI (`POST /audio/speech`, bearer key, `response_format: pcm`
 * at 24 kHz). It streams a 440 Hz tone as long as the text warrants, in chunks, and records every request.
 */
export async function startFakeTtsServer(options: FakeTtsOptions): Promise<{
  url: string;
  requests: TtsRequest[];
  close(): Promise<void>;
}> {
  const requests: TtsRequest[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const fail = (status: number, message: string) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            options.vendor === 'openai' ? { error: { message } } : { detail: { status: 'error', message } },
          ),
        );
      };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<string, unknown>;
      } catch {
        fail(400, 'body is not JSON');
        return;
      }
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      });
      let rate = options.sampleRate ?? 24000;
      if (options.vendor === 'elevenlabs') {
        if (request.method !== 'POST' || !/^\/v1\/text-to-speech\/[^/]+\/stream$/.test(url.pathname)) {
          fail(404, 'not found');
          return;
        }
        if (request.headers['xi-api-key'] !== options.apiKey) {
          fail(401, 'Invalid API key');
          return;
        }
        const format = /^pcm_(\d+)$/.exec(url.searchParams.get('output_format') ?? '');
        if (!format) {
          fail(400, 'output_format must be pcm_<rate>');
          return;
        }
        rate = Number(format[1]);
      } else {
        if (request.method !== 'POST' || url.pathname !== '/v1/audio/speech') {
          fail(404, 'not found');
          return;
        }
        if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
          fail(401, 'Incorrect API key provided');
          return;
        }
        if (body.response_format !== 'pcm') {
          fail(400, 'this fake only speaks response_format pcm');
          return;
        }
      }
      const text =
        typeof body.text === 'string' ? body.text : typeof body.input === 'string' ? body.input : '';
      if (!text) {
        fail(400, 'text is required');
        return;
      }
      const samples = Math.round((text.length * (options.msPerCharacter ?? 50) * rate) / 1000);
      const pcm = Buffer.alloc(samples * 2);
      for (let i = 0; i < samples; i++)
        pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' });
      const size = options.chunkBytes ?? 1001;
      let offset = 0;
      const next = () => {
        if (response.destroyed) return;
        if (offset >= pcm.length) return void response.end();
        response.write(pcm.subarray(offset, offset + size));
        offset += size;
        setTimeout(next, options.chunkDelayMs ?? 5);
      };
      next();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

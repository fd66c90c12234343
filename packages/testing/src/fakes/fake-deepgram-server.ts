import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface DeepgramSession {
  /** The query of the upgrade request (encoding, sample_rate, interim_results, …). */
  query: URLSearchParams;
  /** Audio bytes received, in order. */
  audio: Buffer;
  /** JSON control messages received (KeepAlive, CloseStream…), by type. */
  controls: string[];
}

export interface FakeDeepgramOptions {
  apiKey: string;
  /** The final transcript for a stream's audio; default "hello from the fake". */
  transcribe?: (session: DeepgramSession) => string;
  /** Answer CloseStream with an Error message and close 1011, as Deepgram does for audio it cannot decode. */
  failWith?: string;
}

function results(transcript: string, isFinal: boolean, start: number, duration: number): string {
  return JSON.stringify({
    type: 'Results',
    channel_index: [0, 1],
    duration,
    start,
    is_final: isFinal,
    speech_final: isFinal,
    channel: { alternatives: [{ transcript, confidence: 0.99, words: [] }] },
  });
}

/**
 * A wire-level Deepgram live-transcription server on loopback: checks the `Authorization: Token …` header
 * (401 with a dg-error header otherwise) and the linear16 query, answers an interim Results message for every
 * half second of audio, and on CloseStream the final Results, Metadata, then a normal close.
 */
export async function startFakeDeepgramServer(options: FakeDeepgramOptions): Promise<{
  url: string;
  sessions: DeepgramSession[];
  close(): Promise<void>;
}> {
  const sessions: DeepgramSession[] = [];
  const server = http.createServer((_request, response) => response.writeHead(404).end());
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const refuse = (status: number, error: string) => {
      socket.end(
        `HTTP/1.1 ${status} Refused\r\ndg-error: ${error}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`,
      );
    };
    if (url.pathname !== '/v1/listen') {
      refuse(404, `unknown path ${url.pathname}`);
      return;
    }
    if (request.headers.authorization !== `Token ${options.apiKey}`) {
      refuse(401, 'Invalid credentials.');
      return;
    }
    const rate = Number(url.searchParams.get('sample_rate'));
    if (url.searchParams.get('encoding') !== 'linear16' || !Number.isInteger(rate) || rate <= 0) {
      refuse(400, 'encoding=linear16 and a sample_rate are required for raw audio');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) =>
      serve(ws, { query: url.searchParams, audio: Buffer.alloc(0), controls: [] }, rate),
    );
  });

  function serve(ws: WebSocket, session: DeepgramSession, rate: number) {
    sessions.push(session);
    const bytesPerHalfSecond = rate;
    let reported = 0;
    const seconds = () => session.audio.length / 2 / rate;
    ws.on('message', (data, isBinary) => {
      const chunk = Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]);
      if (isBinary) {
        session.audio = Buffer.concat([session.audio, chunk]);
        while (session.audio.length - reported >= bytesPerHalfSecond) {
          reported += bytesPerHalfSecond;
          const words = Math.round(reported / bytesPerHalfSecond);
          ws.send(
            results(Array.from({ length: words }, () => 'um').join(' '), false, 0, reported / 2 / rate),
          );
        }
        return;
      }
      const { type } = JSON.parse(chunk.toString('utf8')) as { type: string };
      session.controls.push(type);
      if (type === 'CloseStream' && options.failWith) {
        ws.send(JSON.stringify({ type: 'Error', description: options.failWith, variant: 'DATA-0000' }));
        ws.close(1011);
        return;
      }
      if (type === 'CloseStream') {
        const transcript = options.transcribe?.(session) ?? 'hello from the fake';
        ws.send(results(transcript, true, 0, seconds()));
        ws.send(JSON.stringify({ type: 'Metadata', duration: seconds(), channels: 1 }));
        ws.close(1000);
      }
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    sessions,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

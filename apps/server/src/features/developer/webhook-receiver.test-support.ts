import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A receiver on loopback: records every request and answers each path from its script (200 when it runs out). */
export function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const waiters: { test: () => boolean; resolve: () => void }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const status = scripts.get(path)?.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      for (const waiter of [...waiters]) {
        if (waiter.test()) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    });
  });
  return {
    received,
    script: (path: string, statuses: number[]) => scripts.set(path, statuses),
    at: (path: string) => received.filter((entry) => entry.path === path),
    /** Resolves once `path` has had `count` requests. */
    waitFor(path: string, count: number): Promise<Received[]> {
      const test = () => received.filter((entry) => entry.path === path).length >= count;
      if (test()) return Promise.resolve(received.filter((entry) => entry.path === path));
      return new Promise((resolve) => {
        waiters.push({ test, resolve: () => resolve(received.filter((entry) => entry.path === path)) });
      });
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback price source answering Coinbase's spot shape with the given BTC price (or a status). */
export async function startPriceSource(answer: { btcUsd: string } | { status: number }) {
  let hits = 0;
  const server = http.createServer((_request, response) => {
    hits += 1;
    if ('status' in answer) {
      response.writeHead(answer.status).end('{}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: { amount: answer.btcUsd, base: 'BTC', currency: 'USD' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/prices/BTC-USD/spot`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

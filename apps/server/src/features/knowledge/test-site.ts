import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page a test site serves: its content type and body, or a redirect, or a status alone. */
export type SitePage =
  | { type: string; body: string | Buffer; status?: number }
  | { redirect: string; status?: 301 | 302 | 307 | 308 }
  | { status: number };

export interface TestSite {
  origin: string;
  /** Paths requested, in order (robots.txt included). */
  requests: string[];
  /** The most requests that were in flight at once. */
  peakConcurrency: number;
  /** Replaces or adds a page while the site runs. */
  set(path: string, page: SitePage): void;
  close(): Promise<void>;
}

/**
 * A small web site on loopback for ingestion tests and the retrieval evaluation: pages by path, served after
 * `delayMs` (so concurrency can be seen), with `{origin}` in bodies replaced by the site's own origin.
 */
export async function startTestSite(
  pages: Record<string, SitePage>,
  options: { delayMs?: number } = {},
): Promise<TestSite> {
  const table = new Map(Object.entries(pages));
  let inFlight = 0;
  const site: TestSite = {
    origin: '',
    requests: [],
    peakConcurrency: 0,
    set: (path, page) => table.set(path, page),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    site.requests.push(path);
    inFlight += 1;
    site.peakConcurrency = Math.max(site.peakConcurrency, inFlight);
    const answer = () => {
      inFlight -= 1;
      const page = table.get(path);
      if (!page) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      } else if ('redirect' in page) {
        response
          .writeHead(page.status ?? 302, { location: page.redirect.replace('{origin}', site.origin) })
          .end();
      } else if ('type' in page) {
        const body =
          typeof page.body === 'string'
            ? Buffer.from(page.body.replaceAll('{origin}', site.origin))
            : page.body;
        response.writeHead(page.status ?? 200, { 'content-type': page.type }).end(body);
      } else {
        response.writeHead(page.status).end();
      }
    };
    if (options.delayMs && path !== '/robots.txt') setTimeout(answer, options.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}

/** A one-page PDF whose lines are drawn in Helvetica: what a real PDF's text layer gives a parser. */
export function makePdf(title: string, lines: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/([\\()])/g, '\\$1');
  const content = [
    'BT',
    '/F1 12 Tf',
    '14 TL',
    '72 740 Td',
    ...lines.flatMap((line) => [`(${escape(line)}) Tj`, 'T*']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (${escape(title)}) >>`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

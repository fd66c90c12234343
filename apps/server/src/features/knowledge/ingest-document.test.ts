import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, knowledgeDocuments } from '@switchboard/db';
import { startApp, type DemoApp } from '@switchboard/testing';
import { classifyAddress } from '../../platform/outbound-address';
import { createOutboundHttp } from '../../platform/outbound-http';
import { createCrawler } from './crawler';
import { ingestDocument, type IngestDeps } from './ingest-document';
import {
  findDocumentRow,
  insertBaseRow,
  insertDocumentRows,
  searchChunkRows,
  type KnowledgeBaseRow,
} from './knowledge.repo';
import { startTestSite, type TestSite } from './test-site';

// Ingestion as production runs it: private networks refused. The loopback test sites stand in for public hosts
// (their names resolve to 127.0.0.1, the one address let through besides public ones).

const page = (title: string, text: string) => ({
  type: 'text/html',
  body: `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`,
});

let kit: DemoApp;
let site: TestSite;
let slow: TestSite;
let closedPort = 0;
let deps: IngestDeps;
let base: KnowledgeBaseRow;

const portOf = (origin: string) => new URL(origin).port;

beforeAll(async () => {
  site = await startTestSite({
    '/hours': page('Opening hours', 'The shop opens from 9 am to 5 pm on weekdays.'),
    '/to-metadata': { redirect: 'http://169.254.169.254/latest/meta-data/', status: 302 },
    '/to-intranet': { redirect: 'http://intranet.test/wiki', status: 301 },
  });
  slow = await startTestSite({ '/menu': page('Menu', 'Soup of the day is $6.') }, { delayMs: 2_000 });
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));

  kit = await startApp();
  const publicNames: Record<string, string> = {
    'shop.test': '127.0.0.1',
    'slow.test': '127.0.0.1',
    'gone.test': '127.0.0.1',
    'intranet.test': '10.0.0.7',
  };
  const http = createOutboundHttp({
    allowPrivateNetwork: false,
    resolveHost: (hostname) => {
      const address = publicNames[hostname];
      return address
        ? Promise.resolve([{ address, family: 4 }])
        : Promise.reject(
            Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
          );
    },
    checkAddress: (address) => (address === '127.0.0.1' ? { allowed: true } : classifyAddress(address)),
  });
  deps = {
    db: kit.services.db,
    logger: kit.services.logger,
    crawler: createCrawler({ allowPrivateNetwork: false, http, timeoutMs: 300 }),
  };
  base = await insertBaseRow(kit.services.db, {
    id: 'kb-ingest-failures',
    accountId: kit.ids.acme,
    title: 'Shop',
  });
});
afterAll(async () => {
  await kit.close();
  await site.close();
  await slow.close();
});

async function addDocument(url: string): Promise<string> {
  const [row] = await insertDocumentRows(
    kit.services.db,
    base,
    [{ id: `doc-${Math.random().toString(16).slice(2)}`, url }],
    () => Promise.resolve(),
  );
  if (!row) throw new Error('document not added');
  return row.id;
}

const hoursHits = () =>
  searchChunkRows(kit.services.db, kit.ids.acme, [base.id], { text: 'weekdays', syntax: 'or-terms' }, 10);

describe('ingestion failures', () => {
  it('fails one document with the reason and leaves the rest of the base as it was', async () => {
    const hours = await addDocument(`http://shop.test:${portOf(site.origin)}/hours`);
    expect(await ingestDocument(deps, hours)).toBe('stored');
    const before = await hoursHits();
    expect(before).toHaveLength(1);

    const failures: Record<string, RegExp> = {
      // Nothing listens on the port.
      [`http://gone.test:${closedPort}/about`]: /^the site could not be reached: .*ECONNREFUSED/,
      // No such name.
      'http://nowhere.test/about': /^the site could not be reached: nowhere\.test could not be found$/,
      // The page answers after the crawler stopped waiting.
      [`http://slow.test:${portOf(slow.origin)}/menu`]:
        /^the site did not answer in time \(no answer within 0\.3 s\)$/,
      // Redirects to a private network are not followed, by address or by a name that resolves to one.
      [`http://shop.test:${portOf(site.origin)}/to-metadata`]:
        /^private and local network addresses are not fetched: 169\.254\.169\.254 is a link-local address$/,
      [`http://shop.test:${portOf(site.origin)}/to-intranet`]:
        /^private and local network addresses are not fetched: 10\.0\.0\.7 is a private address \(the address of intranet\.test\)$/,
    };
    for (const [url, reason] of Object.entries(failures)) {
      const id = await addDocument(url);
      expect(await ingestDocument(deps, id), url).toBe('failed');
      const row = await findDocumentRow(kit.services.db, id);
      expect(row?.state, url).toBe('failed');
      expect(row?.failureReason, url).toMatch(reason);
      expect(row?.chunkCount, url).toBe(0);
      expect(row?.fetchedAt, url).toBeNull();
    }

    // The page fetched before is untouched: still ready, its chunks still found.
    expect(await findDocumentRow(kit.services.db, hours)).toMatchObject({
      state: 'ready',
      failureReason: null,
    });
    expect((await hoursHits()).map((hit) => hit.chunkId)).toEqual(before.map((hit) => hit.chunkId));
  });

  it('keeps the last good copy of a page whose refresh times out', async () => {
    slow.set('/specials', page('Specials', 'Tuesday special: two tacos for $5.'));
    const fast = await startTestSite({ '/specials': page('Specials', 'Tuesday special: two tacos for $5.') });
    try {
      // Stored once from a quick answer, then refreshed from the slow copy of the same address.
      const id = await addDocument(`http://slow.test:${portOf(fast.origin)}/specials`);
      expect(await ingestDocument(deps, id)).toBe('stored');
      const stored = await findDocumentRow(kit.services.db, id);
      await fast.close();
      // Point the document at the slow site: the refresh below meets a site that does not answer in time.
      await kit.services.db
        .update(knowledgeDocuments)
        .set({ url: `http://slow.test:${portOf(slow.origin)}/specials` })
        .where(eq(knowledgeDocuments.id, id));
      expect(await ingestDocument(deps, id)).toBe('failed');
      const failed = await findDocumentRow(kit.services.db, id);
      expect(failed).toMatchObject({ state: 'failed', chunkCount: stored?.chunkCount });
      expect(failed?.failureReason).toMatch(/did not answer in time/);
      expect(failed?.fetchedAt?.toISOString()).toBe(stored?.fetchedAt?.toISOString());
      const tacos = await searchChunkRows(
        kit.services.db,
        kit.ids.acme,
        [base.id],
        { text: 'tacos', syntax: 'or-terms' },
        10,
      );
      expect(tacos.map((hit) => hit.documentId)).toEqual([id]);
    } finally {
      await fast.close().catch(() => undefined);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnowledgeBaseView, KnowledgeDocumentView, KnowledgeResult } from '@switchboard/contract';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { knowledgeJobs } from './ingest-document';
import { makePdf, startTestSite, type TestSite } from './test-site';

const page = (title: string, body: string) => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><main><article>${body}</article></main><footer>© Harbor Vet</footer></body></html>`,
});

const pages = {
  '/robots.txt': {
    type: 'text/plain',
    body: 'User-agent: *\nDisallow: /private/\nAllow: /private/open\n\nSitemap: {origin}/sitemap-index.xml\n',
  },
  '/sitemap-index.xml': {
    type: 'application/xml',
    body: '<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>{origin}/sitemap-pages.xml</loc></sitemap><sitemap><loc>{origin}/sitemap-docs.xml</loc></sitemap></sitemapindex>',
  },
  '/sitemap-pages.xml': {
    type: 'application/xml',
    body: '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>{origin}/hours</loc></url><url><loc>{origin}/prices</loc></url></urlset>',
  },
  '/sitemap-docs.xml': {
    type: 'application/xml',
    body: '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>{origin}/policies.pdf</loc></url><url><loc>{origin}/faq.md</loc></url></urlset>',
  },
  '/hours': page(
    'Opening hours',
    '<h1>Opening hours</h1><p>We are open Monday to Friday from 8 am to 6 pm.</p><h2>Weekends</h2><p>On Saturday the clinic opens from 9 am until 1 pm. We are closed on Sundays.</p>',
  ),
  '/prices': page(
    'Prices',
    '<h1>Prices</h1><h2>Exams</h2><p>A wellness exam costs $65 for dogs and cats.</p><h2>Vaccines</h2><p>The rabies vaccine is $25; the distemper combination vaccine is $35.</p>',
  ),
  '/policies.pdf': {
    type: 'application/pdf',
    body: makePdf('Clinic policies', [
      'Cancellation policy.',
      'Appointments cancelled with less than 24 hours notice are charged a fee of $20.',
    ]),
  },
  '/faq.md': {
    type: 'text/markdown',
    body: '# Frequently asked questions\n\n## Parking\n\nFree parking is behind the building on Elm Street.\n\n## Payment\n\nWe accept cash, cards and CareCredit.\n',
  },
  '/moved': { redirect: '{origin}/hours', status: 301 as const },
  '/private/notes': page('Private', '<p>Staff only.</p>'),
  '/logo.png': { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  '/huge': { type: 'text/plain', body: 'x'.repeat(6 * 1024 * 1024) },
  '/not-xml.xml': { type: 'text/plain', body: 'this is not a sitemap' },
};

let kit: DemoApp;
let site: TestSite;
let acme: SignedInClient;
let globex: SignedInClient;

beforeAll(async () => {
  site = await startTestSite(pages);
  kit = await startApp();
  await knowledgeJobs.start({ jobs: kit.services.jobs, services: kit.services });
  acme = await kit.signIn('acme');
  globex = await kit.signIn('globex');
});
afterAll(async () => {
  await kit.close();
  await site.close();
});

async function createBase(client: SignedInClient, title: string): Promise<KnowledgeBaseView> {
  const created = await client.post<{ knowledgeBase: KnowledgeBaseView }>('/api/v2/kb/knowledgebase', {
    title,
  });
  expect(created.status, created.text).toBe(201);
  return created.body.knowledgeBase;
}

/** Waits until no document of the base is queued or fetching, and answers them. */
async function settled(client: SignedInClient, id: string): Promise<KnowledgeDocumentView[]> {
  return vi.waitFor(
    async () => {
      const answer = await client.get<{ documents: KnowledgeDocumentView[] }>(
        `/api/v2/kb/knowledgebase/${id}/document`,
      );
      expect(answer.status, answer.text).toBe(200);
      const busy = answer.body.documents.filter((d) => d.state === 'queued' || d.state === 'fetching');
      expect(busy).toEqual([]);
      return answer.body.documents;
    },
    { timeout: 30_000, interval: 200 },
  );
}

const query = (client: SignedInClient, id: string, body: Record<string, unknown>) =>
  client.post<{ response: { answer: string | null; searchQuery: string; results: KnowledgeResult[] } }>(
    `/api/v2/kb/knowledgebase/${id}/query`,
    body,
  );

describe('knowledge bases', () => {
  it('lists a site through robots.txt and its sitemap index, leaving out pages already added', async () => {
    const links = await acme.post<{ links: string[] }>('/api/v2/kb/sitemap', { url: `${site.origin}/` });
    expect(links.status, links.text).toBe(200);
    expect(links.body.links).toEqual(
      ['/hours', '/prices', '/policies.pdf', '/faq.md'].map((path) => `${site.origin}${path}`),
    );
    const base = await createBase(acme, 'Filtered');
    await acme.post(`/api/v2/kb/knowledgebase/${base.id}/document`, { urls: [`${site.origin}/hours`] });
    const filtered = await acme.post<{ links: string[] }>('/api/v2/kb/sitemap', {
      url: `${site.origin}/sitemap-index.xml`,
      knowledgeBaseId: base.id,
    });
    expect(filtered.body.links).not.toContain(`${site.origin}/hours`);
    expect(filtered.body.links).toHaveLength(3);
    await settled(acme, base.id);
  });

  it('refuses a sitemap that is not XML, and a missing url, with the spec messages', async () => {
    const bad = await acme.post('/api/v2/kb/sitemap', { url: `${site.origin}/not-xml.xml` });
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toMatch(/^Failed to fetch sitemap: .*not a sitemap/);
    const missing = await acme.post('/api/v2/kb/sitemap', {});
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Must provide url');
  });

  it('fetches HTML, PDF and Markdown into chunks and fails the rest with the reason', async () => {
    const base = await createBase(acme, 'Harbor Vet');
    const urls = [
      '/hours',
      '/prices',
      '/policies.pdf',
      '/faq.md',
      '/moved',
      '/private/notes',
      '/logo.png',
      '/missing',
      '/huge',
    ].map((path) => `${site.origin}${path}`);
    const added = await acme.post<{ documents: KnowledgeDocumentView[] }>(
      `/api/v2/kb/knowledgebase/${base.id}/document`,
      { urls },
    );
    expect(added.status, added.text).toBe(201);
    expect(added.body.documents.map((d) => d.url)).toEqual(urls);
    expect(added.body.documents.every((d) => d.state === 'queued')).toBe(true);
    const documents = await settled(acme, base.id);
    const byPath = Object.fromEntries(documents.map((d) => [new URL(d.url).pathname, d]));
    for (const path of ['/hours', '/prices', '/policies.pdf', '/faq.md', '/moved']) {
      expect(byPath[path], path).toMatchObject({ state: 'ready', failureReason: null });
      expect(byPath[path]?.chunks, path).toBeGreaterThan(0);
      expect(byPath[path]?.fetchedAt, path).not.toBeNull();
    }
    expect(byPath['/hours']?.title).toBe('Opening hours');
    expect(byPath['/policies.pdf']?.title).toBe('Clinic policies');
    expect(byPath['/private/notes']?.failureReason).toMatch(/robots\.txt does not allow/);
    expect(byPath['/logo.png']?.failureReason).toMatch(/not text \(image\/png\)/);
    expect(byPath['/missing']?.failureReason).toMatch(/answered 404/);
    expect(byPath['/huge']?.failureReason).toMatch(/larger than 5 MB/);
    expect(site.requests.filter((path) => path === '/private/notes')).toEqual([]);

    const listed = await acme.get<{ items: KnowledgeBaseView[] }>('/api/v2/kb/knowledgebase');
    const summary = listed.body.items.find((item) => item.id === base.id);
    expect(summary?.documents).toMatchObject({ total: 9, ready: 5, failed: 4, queued: 0, fetching: 0 });

    const saturday = await query(acme, base.id, { query: 'When are you open on Saturday?' });
    expect(saturday.status, saturday.text).toBe(200);
    expect(saturday.body.response.searchQuery).toBe('open | saturday');
    expect(saturday.body.response.results[0]).toMatchObject({ title: 'Opening hours', section: 'Weekends' });
    expect(saturday.body.response.answer).toBe('On Saturday the clinic opens from 9 am until 1 pm.');
    const fee = await query(acme, base.id, { query: 'Is there a fee if I cancel late?' });
    expect(fee.body.response.results[0]?.url).toBe(`${site.origin}/policies.pdf`);
    expect(fee.body.response.answer).toContain('$20');
    // Misspelled and partial words are searched as the base's words most like them (trigram similarity); one whose
    // stem the base holds ("rabis" and "rabies" are both "rabi") is found by that stem as it is.
    const typo = await query(acme, base.id, { query: 'how much is the rabis vacine?' });
    expect(typo.body.response.searchQuery).toBe('rabis | vaccine | vaccines');
    expect(typo.body.response.results[0]).toMatchObject({ title: 'Prices', section: 'Vaccines' });
    expect(typo.body.response.answer).toBe(
      'The rabies vaccine is $25; the distemper combination vaccine is $35.',
    );
    const partial = await query(acme, base.id, { query: 'Do you take CareCred?' });
    expect(partial.body.response.results[0]?.url).toBe(`${site.origin}/faq.md`);
    const parking = await query(acme, base.id, { query: '"Elm Street"', processQuery: false });
    expect(parking.body.response.results.map((r) => r.url)).toEqual([`${site.origin}/faq.md`]);
  });

  it('refreshes an unchanged page without touching its chunks, and a changed one with new chunks', async () => {
    const base = await createBase(acme, 'Refresh');
    site.set('/changing', page('Changing', '<p>The special this week is a free nail trim.</p>'));
    const added = await acme.post<{ documents: KnowledgeDocumentView[] }>(
      `/api/v2/kb/knowledgebase/${base.id}/document`,
      { urls: [`${site.origin}/changing`] },
    );
    const docId = added.body.documents[0]?.id ?? '';
    const [first] = await settled(acme, base.id);
    const before = await query(acme, base.id, { query: 'special this week' });
    const refreshed = await acme.put(`/api/v2/kb/knowledgebase/${base.id}/document/${docId}`);
    expect(refreshed.status, refreshed.text).toBe(200);
    const [same] = await settled(acme, base.id);
    expect(same?.fetchedAt).not.toBe(first?.fetchedAt);
    expect(same?.updatedAt).not.toBe(first?.updatedAt);
    const after = await query(acme, base.id, { query: 'special this week' });
    expect(after.body.response.results[0]?.chunkId).toBe(before.body.response.results[0]?.chunkId);

    site.set('/changing', page('Changing', '<p>The special this week is half-price dental cleaning.</p>'));
    await acme.put(`/api/v2/kb/knowledgebase/${base.id}/document/${docId}`);
    await settled(acme, base.id);
    const changed = await query(acme, base.id, { query: 'special this week' });
    expect(changed.body.response.answer).toContain('dental cleaning');
    expect(changed.body.response.results[0]?.chunkId).not.toBe(before.body.response.results[0]?.chunkId);
  });

  it('keeps to two requests at a time per host', async () => {
    const slow = await startTestSite(
      Object.fromEntries(
        Array.from({ length: 6 }, (_, i) => [`/p${i}`, page(`Page ${i}`, `<p>Page number ${i} text.</p>`)]),
      ),
      { delayMs: 150 },
    );
    try {
      const base = await createBase(acme, 'Slow site');
      await acme.post(`/api/v2/kb/knowledgebase/${base.id}/document`, {
        urls: Array.from({ length: 6 }, (_, i) => `${slow.origin}/p${i}`),
      });
      const documents = await settled(acme, base.id);
      expect(documents.every((d) => d.state === 'ready')).toBe(true);
      expect(slow.peakConcurrency).toBe(2);
    } finally {
      await slow.close();
    }
  });

  it('answers bad input with the spec messages and deletes documents and bases', async () => {
    const base = await createBase(acme, 'Bad input');
    const noUrls = await acme.post(`/api/v2/kb/knowledgebase/${base.id}/document`, { urls: [] });
    expect(noUrls.status).toBe(400);
    expect(noUrls.text).toContain('No URLs provided');
    const ftp = await acme.post(`/api/v2/kb/knowledgebase/${base.id}/document`, { urls: ['ftp://x.test/a'] });
    expect(ftp.status).toBe(400);
    expect(ftp.text).toContain('must be a web address');
    const long = await query(acme, base.id, { query: 'x'.repeat(10_000) });
    expect(long.status).toBe(400);
    expect(long.text).toContain('longer than 1000 characters');
    const empty = await query(acme, base.id, { query: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Query is required');
    const noTitle = await acme.post('/api/v2/kb/knowledgebase', { title: '' });
    expect(noTitle.status).toBe(400);

    const added = await acme.post<{ documents: KnowledgeDocumentView[] }>(
      `/api/v2/kb/knowledgebase/${base.id}/document`,
      { urls: [`${site.origin}/prices`, `${site.origin}/hours`] },
    );
    await settled(acme, base.id);
    const docId = added.body.documents[0]?.id ?? '';
    const removed = await acme.delete(`/api/v2/kb/knowledgebase/${base.id}/document/${docId}`);
    expect(removed.status, removed.text).toBe(200);
    const again = await acme.delete(`/api/v2/kb/knowledgebase/${base.id}/document/${docId}`);
    expect(again.status).toBe(404);
    const rabies = await query(acme, base.id, { query: 'rabies vaccine price' });
    expect(rabies.body.response.results).toEqual([]);
    // The deleted page's words went with it: a misspelling finds nothing to stand for.
    const misspelled = await query(acme, base.id, { query: 'rabis vacine' });
    expect(misspelled.body.response).toMatchObject({ searchQuery: 'rabis | vacine', results: [] });
    const hours = await query(acme, base.id, { query: 'open Saturday' });
    expect(hours.body.response.results.length).toBeGreaterThan(0);

    const deleted = await acme.delete(`/api/v2/kb/knowledgebase/${base.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    const gone = await acme.get(`/api/v2/kb/knowledgebase/${base.id}`);
    expect(gone.status).toBe(404);
    expect(gone.text).toMatch(/knowledge base/i);
  });

  it("keeps each organization's bases to itself; agent accounts read their organization's", async () => {
    const base = await createBase(acme, 'Acme only');
    const added = await acme.post<{ documents: KnowledgeDocumentView[] }>(
      `/api/v2/kb/knowledgebase/${base.id}/document`,
      { urls: [`${site.origin}/hours`] },
    );
    await settled(acme, base.id);
    const docId = added.body.documents[0]?.id ?? '';
    const theirs = await globex.get<{ items: KnowledgeBaseView[] }>('/api/v2/kb/knowledgebase');
    expect(theirs.body.items.map((item) => item.id)).not.toContain(base.id);
    const attempts = [
      globex.get(`/api/v2/kb/knowledgebase/${base.id}`),
      globex.get(`/api/v2/kb/knowledgebase/${base.id}/document`),
      globex.post(`/api/v2/kb/knowledgebase/${base.id}/document`, { urls: [`${site.origin}/prices`] }),
      globex.put(`/api/v2/kb/knowledgebase/${base.id}/document/${docId}`),
      globex.delete(`/api/v2/kb/knowledgebase/${base.id}/document/${docId}`),
      query(globex, base.id, { query: 'open' }),
      globex.post('/api/v2/kb/sitemap', { url: `${site.origin}/`, knowledgeBaseId: base.id }),
      globex.delete(`/api/v2/kb/knowledgebase/${base.id}`),
    ];
    for (const attempt of await Promise.all(attempts)) expect([403, 404]).toContain(attempt.status);
    // A base of globex's own cannot reach acme's document through its own id either.
    const own = await createBase(globex, 'Globex');
    const crossed = await globex.delete(`/api/v2/kb/knowledgebase/${own.id}/document/${docId}`);
    expect([403, 404]).toContain(crossed.status);
    expect((await acme.get(`/api/v2/kb/knowledgebase/${base.id}`)).status).toBe(200);

    const agent = acme.actingFor(kit.ids.agent1);
    const seen = await agent.get<{ items: KnowledgeBaseView[] }>('/api/v2/kb/knowledgebase');
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.items.map((item) => item.id)).toContain(base.id);
    const reseller = await kit.signIn('reseller');
    const notOrg = await reseller.get('/api/v2/kb/knowledgebase');
    expect(notOrg.status).toBe(400);
    expect(notOrg.text).toContain('belong to an organization');
  });
});

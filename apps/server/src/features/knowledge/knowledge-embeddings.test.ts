import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnowledgeBaseView, KnowledgeDocumentView, KnowledgeResult } from '@switchboard/contract';
import { startApp, startFakeEmbeddingsServer, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { createLogger } from '../../platform/logger';
import { createOpenAiEmbedder } from '../../providers/embeddings/openai';
import { knowledgeJobs } from './ingest-document';
import { createKnowledgeVectors } from './knowledge-vectors';
import { searchKnowledge } from './knowledge-search';
import { startTestSite, type TestSite } from './test-site';

// Hybrid retrieval with EMBEDDINGS_PROVIDER=openai against the OpenAI-compatible wire-level fake (its "model" maps
// words of one meaning together): passages embedded at ingestion, a question that shares a meaning
// but no word with a page finds it, an embeddings outage leaves search lexical and is made good later.

const page = (title: string, body: string) => ({
  type: 'text/html',
  body: `<html><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`,
});

let kit: DemoApp;
let site: TestSite;
let fake: Awaited<ReturnType<typeof startFakeEmbeddingsServer>>;
let acme: SignedInClient;
let baseId = '';
let hasVector = false;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await kit.db.execute(query)) as { rows: T[] }).rows;

async function documents() {
  const answer = await acme.get<{ documents: KnowledgeDocumentView[] }>(
    `/api/v2/kb/knowledgebase/${baseId}/document`,
  );
  return answer.body.documents;
}

async function embeddedPassages(url: string): Promise<number> {
  if (!hasVector) return 0;
  const [row] = await rows<{ count: number | string }>(sql`SELECT count(*) AS count
    FROM knowledge_chunk_embeddings e JOIN knowledge_chunks c ON c.id = e.chunk_id
    JOIN knowledge_documents d ON d.id = c.document_id WHERE d.url = ${url}`);
  return Number(row?.count ?? 0);
}

const query = (text: string) =>
  acme.post<{ response: { results: KnowledgeResult[] } }>(`/api/v2/kb/knowledgebase/${baseId}/query`, {
    query: text,
    processQuery: false,
  });

beforeAll(async () => {
  site = await startTestSite({
    '/prices': page('Price list', '<p>A men’s cut is $40. A women’s cut and blow-dry is $65.</p>'),
    '/visit': page('Visit us', '<p>We are at 12 Harbour Street, next to the library.</p>'),
    '/garage': page('Garage', '<p>Leave your car in the Harbour garage; the first hour is on us.</p>'),
  });
  fake = await startFakeEmbeddingsServer({ apiKey: 'sk-embed' });
  kit = await startApp({
    env: {
      EMBEDDINGS_PROVIDER: 'openai',
      EMBEDDINGS_BASE_URL: fake.baseUrl,
      EMBEDDINGS_MODEL: 'fake-embed-64',
      OPENAI_API_KEY: 'sk-embed',
    },
  });
  hasVector = (await kit.services.knowledgeVectors?.ready()) === true;
  await knowledgeJobs.start({ jobs: kit.services.jobs, services: kit.services });
  acme = await kit.signIn('acme');
  const created = await acme.post<{ knowledgeBase: KnowledgeBaseView }>('/api/v2/kb/knowledgebase', {
    title: 'Salon',
  });
  baseId = created.body.knowledgeBase.id;
  await acme.post(`/api/v2/kb/knowledgebase/${baseId}/document`, {
    urls: [`${site.origin}/prices`, `${site.origin}/visit`],
  });
  await vi.waitFor(
    async () => {
      expect((await documents()).map((d) => d.state)).toEqual(['ready', 'ready']);
      for (const path of ['/prices', '/visit']) {
        expect(await embeddedPassages(`${site.origin}${path}`)).toBe(hasVector ? 1 : 0);
      }
    },
    { timeout: 30_000, interval: 200 },
  );
}, 60_000);
afterAll(async () => {
  await kit.close();
  await site.close();
  await fake.close();
});

describe('hybrid retrieval with embeddings', () => {
  it('embeds each passage with its title at ingestion, through the configured model and key', async () => {
    const inputs = fake.requests.flatMap((request) => [request.body.input].flat());
    expect(fake.requests.every((request) => request.body.model === 'fake-embed-64')).toBe(true);
    expect(inputs).toContain('Price list\nA men’s cut is $40. A women’s cut and blow-dry is $65.');
    expect(await embeddedPassages(`${site.origin}/prices`)).toBe(1);
  });

  it('finds the page a question means though they share no word, where full text finds nothing', async () => {
    const question = 'How expensive is a trim?';
    const input = {
      organizationId: kit.ids.acme,
      knowledgeBaseIds: [baseId],
      query: question,
      processQuery: true,
      limit: 3,
    };
    expect((await searchKnowledge(kit.db, input)).results).toEqual([]);
    const answer = await query(question);
    expect(answer.status, answer.text).toBe(200);
    expect(hasVector).toBe(true);
    expect(answer.body.response.results[0]?.url).toBe(`${site.origin}/prices`);
    // Another organization's bases give nothing, even asked for by id.
    const other = await kit.services.knowledgeVectors?.nearest({ ...input, organizationId: kit.ids.globex });
    expect(other).toEqual([]);
  });

  it('keeps a page searchable by its words while the embeddings server fails, and embeds it once it is back', async () => {
    fake.failNext(1_000);
    await acme.post(`/api/v2/kb/knowledgebase/${baseId}/document`, { urls: [`${site.origin}/garage`] });
    await vi.waitFor(
      async () => expect((await documents()).find((d) => d.url.endsWith('/garage'))?.state).toBe('ready'),
      { timeout: 30_000, interval: 200 },
    );
    // The question is not embedded either: full text answers it alone.
    const lexical = await query('garage');
    expect(lexical.body.response.results.map((r) => r.url)).toEqual([`${site.origin}/garage`]);
    expect(await embeddedPassages(`${site.origin}/garage`)).toBe(0);

    fake.failNext(0);
    const garage = (await documents()).find((d) => d.url.endsWith('/garage'));
    await acme.put(`/api/v2/kb/knowledgebase/${baseId}/document/${garage?.id ?? ''}`);
    await vi.waitFor(async () => expect(await embeddedPassages(`${site.origin}/garage`)).toBe(1), {
      timeout: 60_000,
      interval: 250,
    });
    const meant = await query('Where do I park?');
    expect(meant.body.response.results[0]?.url).toBe(`${site.origin}/garage`);
  }, 90_000);

  // Last, for it drops the vectors: the API and the worker make the table as they start, side by side.
  it('makes its table once when several processes start at the same moment, and every one of them uses it', async () => {
    await kit.db.execute(sql`DROP TABLE knowledge_chunk_embeddings`);
    const embedder = createOpenAiEmbedder({
      apiKey: 'sk-embed',
      baseUrl: fake.baseUrl,
      model: 'fake-embed-64',
    });
    const logger = createLogger({ level: 'silent' });
    const starts = Array.from({ length: 6 }, () => createKnowledgeVectors(kit.db, embedder, logger).ready());
    expect(await Promise.all(starts)).toEqual(Array.from({ length: 6 }, () => true));
    expect(await rows(sql`SELECT 1 FROM knowledge_chunk_embeddings`)).toEqual([]);
  });
});

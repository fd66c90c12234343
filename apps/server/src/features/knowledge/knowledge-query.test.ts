import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnowledgeBaseView, KnowledgeDocumentView, KnowledgeResult } from '@switchboard/contract';
import {
  startApp,
  startFakeOpenAiServer,
  type ChatCompletionRequest,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';
import { and, eq, usageEvents } from '@switchboard/db';
import { knowledgeJobs } from './ingest-document';
import { startTestSite, type TestSite } from './test-site';

// processQuery on a platform running a hosted model: the question is rewritten into a search query by the model
// (the OpenAI-compatible wire-level fake) before it is searched.

const page = (title: string, body: string) => ({
  type: 'text/html',
  body: `<html><head><title>${title}</title></head><body>${body}</body></html>`,
});

let kit: DemoApp;
let site: TestSite;
let fake: Awaited<ReturnType<typeof startFakeOpenAiServer>>;
let acme: SignedInClient;
let baseId = '';
let rewrite: (request: ChatCompletionRequest) => string = () => '';

beforeAll(async () => {
  site = await startTestSite({
    '/prices': page(
      'Price list',
      '<h1>Price list</h1><h2>Cuts</h2><p>Men’s cut $40. Women’s cut and blow-dry $65.</p><h2>Colour</h2><p>Full highlights start at $140.</p>',
    ),
    '/team': page(
      'Our team',
      '<h1>Our team</h1><p>Jen is our colour director and does all bridal hair and updos.</p>',
    ),
  });
  fake = await startFakeOpenAiServer({ apiKey: 'sk-kb', reply: (request) => ({ text: rewrite(request) }) });
  kit = await startApp({
    env: {
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-kb',
      LLM_MODEL: 'kb-model',
    },
  });
  await knowledgeJobs.start({ jobs: kit.services.jobs, services: kit.services });
  acme = await kit.signIn('acme');
  const created = await acme.post<{ knowledgeBase: KnowledgeBaseView }>('/api/v2/kb/knowledgebase', {
    title: 'Salon',
  });
  baseId = created.body.knowledgeBase.id;
  await acme.post(`/api/v2/kb/knowledgebase/${baseId}/document`, {
    urls: [`${site.origin}/prices`, `${site.origin}/team`],
  });
  await vi.waitFor(
    async () => {
      const answer = await acme.get<{ documents: KnowledgeDocumentView[] }>(
        `/api/v2/kb/knowledgebase/${baseId}/document`,
      );
      expect(answer.body.documents.map((d) => d.state)).toEqual(['ready', 'ready']);
    },
    { timeout: 30_000, interval: 200 },
  );
});
afterAll(async () => {
  await kit.close();
  await site.close();
  await fake.close();
});

const query = (body: Record<string, unknown>) =>
  acme.post<{ response: { answer: string | null; searchQuery: string; results: KnowledgeResult[] } }>(
    `/api/v2/kb/knowledgebase/${baseId}/query`,
    body,
  );

describe('processQuery with a hosted model', () => {
  it("searches the model's rewrite of the question (processQuery defaults to true)", async () => {
    rewrite = () => 'bridal wedding hair stylist';
    const asked = fake.requests.length;
    const answer = await query({ query: 'I am getting married, who should do my hair?' });
    expect(answer.status, answer.text).toBe(200);
    const request = fake.requests[asked];
    expect(request?.body.model).toBe('kb-model');
    expect(request?.body.tools ?? []).toEqual([]);
    expect(request?.body.messages.at(-1)?.content).toBe(
      'Question to rewrite: I am getting married, who should do my hair?',
    );
    expect(request?.body.messages[0]).toMatchObject({ role: 'system' });
    expect(answer.body.response.searchQuery).toBe('bridal | wedding | hair | stylist');
    // The rewrite's tokens (the fake reports 150) are the organization's usage.
    const metered = await kit.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.accountId, kit.ids.acme), eq(usageEvents.unit, 'tokens')));
    expect(metered.map((event) => event.quantity)).toEqual([150]);
    expect(answer.body.response.results[0]?.url).toBe(`${site.origin}/team`);
    expect(answer.body.response.answer).toBe(
      'Jen is our colour director and does all bridal hair and updos.',
    );
  });

  it('searches the text as written without asking the model when processQuery is false', async () => {
    const asked = fake.requests.length;
    const answer = await query({ query: '"full highlights"', processQuery: false });
    expect(answer.status, answer.text).toBe(200);
    expect(fake.requests.length).toBe(asked);
    expect(answer.body.response.searchQuery).toBe('"full highlights"');
    expect(answer.body.response.results.map((r) => r.url)).toEqual([`${site.origin}/prices`]);
  });

  it('keeps the question when the model answers nothing usable', async () => {
    rewrite = () => '';
    const answer = await query({ query: 'How much is a cut for men?' });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.response.searchQuery).toBe('cut | men');
    expect(answer.body.response.results[0]?.text).toContain('Men’s cut $40');
  });
});

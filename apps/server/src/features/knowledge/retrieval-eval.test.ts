import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KnowledgeBaseView, KnowledgeDocumentView, KnowledgeResult } from '@switchboard/contract';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { knowledgeJobs } from './ingest-document';
import { businessOf, evaluationCases, evaluationPages } from './retrieval-eval.fixtures';
import { startTestSite, type TestSite } from './test-site';

// Recall@3 and MRR of retrieval (decisions/038, 054) over the evaluation sites. Each business's pages are one
// knowledge base, as an organization keeps its own site, and a question is asked of its business's base; the same
// questions over one base holding every site (where "Are you open on Mondays?" has seven answers) are printed
// beside it. The floor is 0.85, the target the product asks of lexical search: a change to chunking, weights or
// the query that drops below it fails here.
const recallFloor = 0.85;

let kit: DemoApp;
let site: TestSite;
let acme: SignedInClient;
const baseOf = new Map<string, string>();
let mergedBase = '';

async function createBase(title: string, paths: readonly string[]): Promise<string> {
  const created = await acme.post<{ knowledgeBase: KnowledgeBaseView }>('/api/v2/kb/knowledgebase', {
    title,
  });
  const id = created.body.knowledgeBase.id;
  await acme.post(`/api/v2/kb/knowledgebase/${id}/document`, {
    urls: paths.map((path) => `${site.origin}${path}`),
  });
  return id;
}

beforeAll(async () => {
  site = await startTestSite(evaluationPages);
  kit = await startApp();
  await knowledgeJobs.start({ jobs: kit.services.jobs, services: kit.services });
  acme = await kit.signIn('acme');
  const paths = Object.keys(evaluationPages);
  for (const business of new Set(paths.map(businessOf))) {
    baseOf.set(
      business,
      await createBase(
        business,
        paths.filter((path) => businessOf(path) === business),
      ),
    );
  }
  mergedBase = await createBase('Every site', paths);
  await vi.waitFor(
    async () => {
      for (const id of [...baseOf.values(), mergedBase]) {
        const answer = await acme.get<{ documents: KnowledgeDocumentView[] }>(
          `/api/v2/kb/knowledgebase/${id}/document`,
        );
        const states = answer.body.documents.map((d) => d.state);
        expect(states.every((state) => state === 'ready')).toBe(true);
      }
    },
    { timeout: 200_000, interval: 500 },
  );
}, 240_000);
afterAll(async () => {
  await kit.close();
  await site.close();
});

/** Where each question's answering passage ranks among the first ten results of the base `baseFor` picks. */
async function measure(baseFor: (path: string) => string) {
  let hits = 0;
  let reciprocalRanks = 0;
  const misses: string[] = [];
  for (const { question, path, passage } of evaluationCases) {
    const answer = await acme.post<{ response: { results: KnowledgeResult[] } }>(
      `/api/v2/kb/knowledgebase/${baseFor(path)}/query`,
      { query: question, limit: 10 },
    );
    expect(answer.status, answer.text).toBe(200);
    const rank = answer.body.response.results.findIndex(
      (result) => result.url === `${site.origin}${path}` && result.text.includes(passage),
    );
    if (rank >= 0) reciprocalRanks += 1 / (rank + 1);
    if (rank >= 0 && rank < 3) hits += 1;
    else misses.push(`${question} (rank ${rank < 0 ? 'none' : rank + 1})`);
  }
  return { recall: hits / evaluationCases.length, mrr: reciprocalRanks / evaluationCases.length, misses };
}

describe('retrieval evaluation', () => {
  it(`finds the answering passage in the top 3 for at least ${recallFloor * 100}% of the questions`, async () => {
    expect(evaluationCases.length).toBeGreaterThanOrEqual(100);
    expect(Object.keys(evaluationPages).length).toBeGreaterThanOrEqual(30);
    const own = await measure((path) => baseOf.get(businessOf(path)) ?? '');
    const merged = await measure(() => mergedBase);
    // eslint-disable-next-line no-console -- the figures belong in the run's output
    console.info(
      `retrieval: ${evaluationCases.length} questions over ${Object.keys(evaluationPages).length} pages of ` +
        `${baseOf.size} businesses; each business's base: recall@3 ${own.recall.toFixed(3)}, MRR ` +
        `${own.mrr.toFixed(3)}; one base of every site: recall@3 ${merged.recall.toFixed(3)}, MRR ` +
        `${merged.mrr.toFixed(3)}${own.misses.length ? `; missed in its own base: ${own.misses.join('; ')}` : ''}`,
    );
    expect(own.recall).toBeGreaterThanOrEqual(recallFloor);
  });
});

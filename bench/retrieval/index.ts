// Knowledge-base retrieval: recall@3 and MRR of the product's search over the evaluation pages and questions
// (features/knowledge/retrieval-eval.fixtures.ts), then query latency p50/p99 over a base of --chunks passages
// (100,000 by default) next to a bare full-text query (the GIN index and ts_rank alone, no join, no ownership
// check) on the same rows in the same run. PGlite by default; BENCH_DATABASE_URL runs it on a PostgreSQL server.
// Hybrid retrieval is measured only when an embeddings endpoint is configured (EMBEDDINGS_PROVIDER).
import { randomBytes } from 'node:crypto';
import { accounts, eq, queryRows, seedDemoData, sql, type Db } from '@switchboard/db';
import { chunkDocument } from '@switchboard/server/features/knowledge/chunk-text';
import { readDocument } from '@switchboard/server/features/knowledge/extract-text';
import {
  insertBaseRow,
  insertDocumentRows,
  storeDocumentText,
} from '@switchboard/server/features/knowledge/knowledge.repo';
import { searchKnowledge } from '@switchboard/server/features/knowledge/knowledge-search';
import {
  evaluationCases,
  evaluationPages,
} from '@switchboard/server/features/knowledge/retrieval-eval.fixtures';
import { anyTermQuery, searchTerms } from '@switchboard/server/features/knowledge/search-terms';
import { cloneDatabase, createDatabaseTemplate } from '@switchboard/testing';
import { intFlag, table } from '../support';

const chunkCount = intFlag('chunks', 100_000);
const queryCount = intFlag('queries', 500);
const origin = 'https://bench.example';
const id = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

async function timeEach(queries: readonly string[], run: (query: string) => Promise<unknown>) {
  for (const query of queries.slice(0, 20)) await run(query); // warm the caches and the plan
  const times: number[] = [];
  for (const query of queries) {
    const start = performance.now();
    await run(query);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), max: times.at(-1) ?? 0 };
}

/** The evaluation pages read and chunked as ingestion does, stored in a new base of the organization. */
async function loadEvaluationBase(db: Db, organizationId: number): Promise<string> {
  const base = await insertBaseRow(db, { id: id('kb'), accountId: organizationId, title: 'Evaluation' });
  const documents = await insertDocumentRows(
    db,
    base,
    Object.keys(evaluationPages).map((path) => ({ id: id('doc'), url: `${origin}${path}` })),
    () => Promise.resolve(),
  );
  for (const document of documents) {
    const page = evaluationPages[new URL(document.url).pathname];
    if (!page || !('body' in page)) continue;
    const body = Buffer.from(page.body);
    const read = await readDocument(body, page.type, document.url);
    await storeDocumentText(
      db,
      document,
      {
        title: read.title,
        contentType: page.type,
        contentHash: '',
        bytes: body.length,
        fetchedAt: new Date(),
      },
      chunkDocument(read),
    );
  }
  return base.id;
}

/**
 * `count` passages in one base: sentences drawn from the evaluation pages' words and a wider vocabulary, so the
 * questions' terms occur in many rows (as they would across many businesses' sites), generated in SQL.
 */
async function loadLargeBase(db: Db, organizationId: number, count: number): Promise<string> {
  const base = await insertBaseRow(db, { id: id('kb'), accountId: organizationId, title: 'Large' });
  const pages = Math.ceil(count / 20);
  const [document] = await insertDocumentRows(db, base, [{ id: id('doc'), url: `${origin}/large` }], () =>
    Promise.resolve(),
  );
  if (!document) throw new Error('the large base has no document');
  const words = [
    ...new Set(
      Object.values(evaluationPages)
        .flatMap((page) => ('body' in page ? page.body.toString() : ''))
        .flatMap((body) => body.replace(/<[^>]+>/g, ' ').split(/[^A-Za-z]+/))
        .filter((word) => word.length > 3)
        .map((word) => word.toLowerCase()),
    ),
  ];
  const vocabulary = [...words, ...Array.from({ length: 4000 }, (_, index) => `term${index.toString(36)}`)];
  const batch = 10_000;
  for (let start = 0; start < count; start += batch) {
    const size = Math.min(batch, count - start);
    await db.execute(sql`
      INSERT INTO knowledge_chunks (document_id, knowledge_base_id, position, title, section, text)
      SELECT ${document.id}, ${base.id}, n, 'Page ' || (n % ${pages}::int), 'Section ' || (n % 7),
        (SELECT string_agg(w[1 + ((n * 7919 + k * 104729) % ${vocabulary.length}::int)], ' ')
           FROM generate_series(1, 60 + (n % 60)) AS k)
      FROM generate_series(${start}::int, ${start + size - 1}::int) AS n,
        (SELECT ${`{${vocabulary.join(',')}}`}::text[] AS w) AS v`);
  }
  await db.execute(sql`ANALYZE knowledge_chunks`);
  return base.id;
}

async function main() {
  const { template, dispose } = await createDatabaseTemplate(process.env.BENCH_DATABASE_URL);
  const database = await cloneDatabase(template);
  const { db } = database;
  try {
    await seedDemoData(db);
    const [organization] = await db.select().from(accounts).where(eq(accounts.username, 'acme'));
    if (!organization) throw new Error('no demo organization');
    const evaluationBase = await loadEvaluationBase(db, organization.id);

    // Quality: where the answering passage ranks for each question.
    let hits = 0;
    let reciprocalRanks = 0;
    for (const { question, path, passage } of evaluationCases) {
      const found = await searchKnowledge(db, {
        organizationId: organization.id,
        knowledgeBaseIds: [evaluationBase],
        query: question,
        processQuery: true,
        limit: 10,
      });
      const rank = found.results.findIndex(
        (result) => result.url === `${origin}${path}` && result.text.includes(passage),
      );
      if (rank >= 0) reciprocalRanks += 1 / (rank + 1);
      if (rank >= 0 && rank < 3) hits += 1;
    }
    console.log(
      `${database.kind}: ${evaluationCases.length} questions over ${Object.keys(evaluationPages).length} pages`,
    );
    table([
      {
        retrieval: 'lexical',
        'recall@3': hits / evaluationCases.length,
        MRR: reciprocalRanks / evaluationCases.length,
      },
    ]);
    if (!process.env.EMBEDDINGS_PROVIDER)
      console.log('hybrid: not measured (no embeddings endpoint configured)');

    // Latency over a large base.
    const loadStart = performance.now();
    const largeBase = await loadLargeBase(db, organization.id, chunkCount);
    const [stored] = await queryRows<{ count: string | number }>(
      db,
      sql`SELECT count(*) AS count FROM knowledge_chunks WHERE knowledge_base_id = ${largeBase}`,
    );
    console.log(
      `${Number(stored?.count)} passages loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );
    const questions = Array.from(
      { length: queryCount },
      (_, index) => evaluationCases[index % evaluationCases.length]?.question ?? '',
    );
    const product = await timeEach(questions, (question) =>
      searchKnowledge(db, {
        organizationId: organization.id,
        knowledgeBaseIds: [largeBase],
        query: question,
        processQuery: true,
        limit: 10,
      }),
    );
    const bare = await timeEach(questions, (question) =>
      db.execute(sql`
        SELECT id, ts_rank(search, q, 1) AS score
        FROM knowledge_chunks, to_tsquery('english'::regconfig, ${anyTermQuery(searchTerms(question))}) AS q
        WHERE search @@ q ORDER BY score DESC LIMIT 10`),
    );
    console.log(`${queryCount} queries over ${chunkCount} passages`);
    table([
      {
        query: 'knowledge search (product)',
        'p50 ms': product.p50,
        'p99 ms': product.p99,
        'max ms': product.max,
      },
      { query: 'bare full-text', 'p50 ms': bare.p50, 'p99 ms': bare.p99, 'max ms': bare.max },
    ]);
  } finally {
    await database.close();
    await dispose();
  }
}

await main();

// Knowledge-base retrieval: recall@3 and MRR of the product's search over the evaluation pages and questions
// (features/knowledge/retrieval-eval.fixtures.ts), then query latency p50/p99 over a base of --chunks passages
// (100,000 by default) next to a bare full-text query (the GIN index and ts_rank alone, no join, no ownership
// check) on the same rows in the same run. PGlite by default; BENCH_DATABASE_URL runs it on a PostgreSQL server.
// With EMBEDDINGS_PROVIDER=openai (EMBEDDINGS_MODEL, EMBEDDINGS_BASE_URL or OPENAI_BASE_URL, OPENAI_API_KEY) the
// evaluation pages are embedded too and a hybrid row is printed (decisions/059).
import { randomBytes } from 'node:crypto';
import { accounts, eq, knowledgeTerms, queryRows, seedDemoData, sql, type Db } from '@switchboard/db';
import { chunkDocument } from '@switchboard/server/features/knowledge/chunk-text';
import { readDocument } from '@switchboard/server/features/knowledge/extract-text';
import {
  insertBaseRow,
  insertDocumentRows,
  searchChunkRows,
  storeDocumentText,
  type ChunkHit,
} from '@switchboard/server/features/knowledge/knowledge.repo';
import { searchKnowledge } from '@switchboard/server/features/knowledge/knowledge-search';
import { countDocumentLexemes } from '@switchboard/server/features/knowledge/knowledge-lexemes.repo';
import { createKnowledgeVectors } from '@switchboard/server/features/knowledge/knowledge-vectors';
import { createLogger } from '@switchboard/server/platform/logger';
import { embeddingsConfigFromEnv } from '@switchboard/server/providers/embeddings/config';
import { createOpenAiEmbedder } from '@switchboard/server/providers/embeddings/openai';
import {
  businessOf,
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

/** The evaluation pages read and chunked as ingestion does, each business's pages stored in a base of its own. */
async function loadEvaluationBases(db: Db, organizationId: number): Promise<Map<string, string>> {
  const bases = new Map<string, string>();
  const paths = Object.keys(evaluationPages);
  for (const business of new Set(paths.map(businessOf))) {
    const base = await insertBaseRow(db, { id: id('kb'), accountId: organizationId, title: business });
    bases.set(business, base.id);
    const documents = await insertDocumentRows(
      db,
      base,
      paths
        .filter((path) => businessOf(path) === business)
        .map((path) => ({ id: id('doc'), url: `${origin}${path}` })),
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
  }
  return bases;
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
  // The document's lexeme counts and vocabulary, as ingestion keeps them: the words its passages are made of.
  await countDocumentLexemes(db, document.id);
  for (let start = 0; start < vocabulary.length; start += 2000) {
    await db
      .insert(knowledgeTerms)
      .values(
        vocabulary
          .slice(start, start + 2000)
          .map((term) => ({ documentId: document.id, knowledgeBaseId: base.id, term })),
      );
  }
  await db.execute(sql`ANALYZE knowledge_chunks`);
  await db.execute(sql`ANALYZE knowledge_terms`);
  await db.execute(sql`ANALYZE knowledge_lexemes`);
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
    const evaluationBases = await loadEvaluationBases(db, organization.id);

    // Quality: where the answering passage ranks for each question, asked of its business's base: the product's
    // search (full text, and trigram substitutes fused when a word is not in the base), and full text alone.
    const lexicalOnly = (question: string, baseId: string) =>
      searchChunkRows(
        db,
        organization.id,
        [baseId],
        { text: anyTermQuery(searchTerms(question)), syntax: 'or-terms' },
        10,
      );
    const quality = async (search: (question: string, baseId: string) => Promise<ChunkHit[]>) => {
      let hits = 0;
      let reciprocalRanks = 0;
      for (const { question, path, passage } of evaluationCases) {
        const results = await search(question, evaluationBases.get(businessOf(path)) ?? '');
        const rank = results.findIndex(
          (result) => result.url === `${origin}${path}` && result.text.includes(passage),
        );
        if (rank >= 0) reciprocalRanks += 1 / (rank + 1);
        if (rank >= 0 && rank < 3) hits += 1;
      }
      return { 'recall@3': hits / evaluationCases.length, MRR: reciprocalRanks / evaluationCases.length };
    };
    const product = (question: string, baseId: string) =>
      searchKnowledge(db, {
        organizationId: organization.id,
        knowledgeBaseIds: [baseId],
        query: question,
        processQuery: true,
        limit: 10,
      }).then((found) => found.results);
    console.log(
      `${database.kind}: ${evaluationCases.length} questions over ${Object.keys(evaluationPages).length} pages ` +
        `of ${evaluationBases.size} businesses (each its own base)`,
    );
    table([
      { retrieval: 'full text alone', ...(await quality(lexicalOnly)) },
      { retrieval: 'lexical: full text + trigram (RRF)', ...(await quality(product)) },
    ]);
    const embeddings = embeddingsConfigFromEnv({
      EMBEDDINGS_PROVIDER: process.env.EMBEDDINGS_PROVIDER === 'openai' ? 'openai' : 'none',
      EMBEDDINGS_MODEL: process.env.EMBEDDINGS_MODEL ?? 'text-embedding-3-small',
      EMBEDDINGS_BASE_URL: process.env.EMBEDDINGS_BASE_URL,
      OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
      OPENAI_API_KEY: process.env.OPENAI_API_KEY,
    });
    if (embeddings.provider === 'openai') {
      const vectors = createKnowledgeVectors(
        db,
        createOpenAiEmbedder(embeddings),
        createLogger({ level: 'silent' }),
      );
      if (!(await vectors.ready())) throw new Error('the embeddings table could not be made');
      const documents = await queryRows<{ id: string }>(
        db,
        sql`SELECT id FROM knowledge_documents WHERE account_id = ${organization.id}`,
      );
      for (const document of documents) await vectors.embedDocument(document.id);
      const hybrid = (question: string, baseId: string) =>
        searchKnowledge(
          db,
          {
            organizationId: organization.id,
            knowledgeBaseIds: [baseId],
            query: question,
            processQuery: true,
            limit: 10,
          },
          vectors,
        ).then((found) => found.results);
      table([{ retrieval: `hybrid: lexical + ${embeddings.model} (RRF)`, ...(await quality(hybrid)) }]);
    } else {
      console.log('embeddings: EMBEDDINGS_PROVIDER is not set (no hybrid row)');
    }

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
    const productTimes = await timeEach(questions, (question) =>
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
        'p50 ms': productTimes.p50,
        'p99 ms': productTimes.p99,
        'max ms': productTimes.max,
      },
      { query: 'bare full-text', 'p50 ms': bare.p50, 'p99 ms': bare.p99, 'max ms': bare.max },
    ]);
  } finally {
    await database.close();
    await dispose();
  }
}

await main();

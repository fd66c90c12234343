import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobFeature } from '../../jobs';
import type { Db } from '../../platform/database';
import { chunkDocument } from './chunk-text';
import { createCrawler, CrawlError, describeFailure, type Crawler } from './crawler';
import { readDocument } from './extract-text';
import {
  findDocumentRow,
  markDocumentUnchanged,
  setDocumentState,
  storeDocumentText,
} from './knowledge.repo';

/** Fetch one document, read its text, cut it into chunks; one waiting job per document (a refresh joins it). */
export const ingestDocumentJob = defineJob<{ documentId: string }>('knowledge.ingest-document', {
  retryLimit: 2,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 120,
  policy: 'short',
});

export interface IngestDeps {
  db: Db;
  crawler: Crawler;
  logger: FastifyBaseLogger;
}

export type IngestOutcome = 'stored' | 'unchanged' | 'failed' | 'gone';

/**
 * Moves a document through fetching to ready (its chunks replaced in one transaction) or failed with the reason.
 * Text that hashes as before changes nothing but the fetch time. A stop mid-fetch throws, so the queue hands the
 * job back and the document is fetched again.
 */
export async function ingestDocument(
  deps: IngestDeps,
  documentId: string,
  signal?: AbortSignal,
): Promise<IngestOutcome> {
  const document = await findDocumentRow(deps.db, documentId);
  if (!document) return 'gone';
  await setDocumentState(deps.db, documentId, 'fetching');
  try {
    const answer = await deps.crawler.fetch(document.url, signal ? { signal } : {});
    const contentType = answer.headers.get('content-type') ?? '';
    const readable = await readDocument(answer.body, contentType, answer.url.href);
    const chunks = chunkDocument(readable);
    if (chunks.length === 0) throw new CrawlError('the document has no readable text');
    const contentHash = createHash('sha256')
      .update(JSON.stringify([readable.title, chunks.map((chunk) => [chunk.section, chunk.text])]))
      .digest('hex');
    const fetchedAt = new Date();
    const mediaType = contentType.split(';')[0]?.trim() ?? '';
    if (contentHash === document.contentHash && document.chunkCount > 0) {
      await markDocumentUnchanged(deps.db, documentId, fetchedAt);
      return 'unchanged';
    }
    await storeDocumentText(
      deps.db,
      document,
      {
        title: readable.title,
        contentType: mediaType === '' ? readable.kind : mediaType,
        contentHash,
        bytes: answer.body.byteLength,
        fetchedAt,
      },
      chunks,
    );
    return 'stored';
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!(await findDocumentRow(deps.db, documentId))) return 'gone';
    const reason = describeFailure(error);
    if (!(error instanceof CrawlError))
      deps.logger.info({ err: error, documentId }, 'knowledge document not fetched');
    await setDocumentState(deps.db, documentId, 'failed', reason);
    return 'failed';
  }
}

export const knowledgeJobs: JobFeature = {
  area: 'knowledge',
  async start({ jobs, services }) {
    const deps: IngestDeps = {
      db: services.db,
      logger: services.logger,
      crawler: createCrawler({ allowPrivateNetwork: services.config.apps.allowPrivateNetwork }),
    };
    const vectors = services.knowledgeVectors;
    await jobs.work(
      ingestDocumentJob,
      async ({ documentId }, { signal }) => {
        const outcome = await ingestDocument(deps, documentId, signal);
        // Passages without a vector are embedded (after a change, or after an embeddings failure): a failure
        // here fails the job, which the queue retries; lexical search has the passages meanwhile.
        if (vectors && (outcome === 'stored' || outcome === 'unchanged')) {
          await vectors.embedDocument(documentId, signal);
        }
        return outcome;
      },
      { concurrency: 4 },
    );
  },
};

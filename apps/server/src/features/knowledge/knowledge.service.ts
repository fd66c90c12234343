import { randomBytes } from 'node:crypto';
import type { KnowledgeBaseView, KnowledgeDocumentView, KnowledgeResult } from '@switchboard/contract';
import type { JobQueue } from '../../jobs';
import { AppError, isAppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { loadActingAccount } from '../accounts/accounts.service';
import { recordUsage } from '../logs/logs.service';
import { describeFailure, type Crawler } from './crawler';
import { ingestDocumentJob } from './ingest-document';
import {
  countDocuments,
  deleteBaseRow,
  deleteDocumentRow,
  findBaseRow,
  findDocumentRow,
  findOwnBase,
  insertBaseRow,
  insertDocumentRows,
  listBaseRows,
  listDocumentRows,
  listDocumentUrls,
  setDocumentState,
  type DocumentCounts,
  type KnowledgeBaseRow,
  type KnowledgeDocumentRow,
} from './knowledge.repo';
import { searchKnowledge } from './knowledge-search';
import type { KnowledgeVectors } from './knowledge-vectors';
import type { LanguageModel } from '../../providers/llm/types';
import { searchQueryForQuestion } from '../../runtime/knowledge/rewrite-question';
import { readSitemapLinks } from './sitemap';

export interface KnowledgeDeps {
  db: Db;
  jobs: JobQueue;
  crawler: Crawler;
}

const newId = (prefix: string) => `${prefix}-${randomBytes(8).toString('hex')}`;

const emptyCounts: DocumentCounts = { total: 0, queued: 0, fetching: 0, ready: 0, failed: 0, chunks: 0 };

/** Runs a step and answers a failure as the spec words it: "<what failed>: <why>", keeping its status. */
async function failingAs<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isAppError(error)) {
      if (error.code === 'NOT_FOUND' || error.message.startsWith(what)) throw error;
      throw new AppError(error.code, `${what}: ${error.message}`, error.details);
    }
    throw error;
  }
}

/** The organization whose knowledge bases the acting account reads: itself, or an agent account's organization. */
export async function organizationOf(db: Db, accountId: number | null): Promise<number> {
  const account = await loadActingAccount(db, accountId);
  if (account.accountType === 'organization') return account.id;
  if (account.accountType === 'agent' && account.organizationId !== null) return account.organizationId;
  throw new AppError(
    'BAD_REQUEST',
    'Knowledge bases belong to an organization: act for one of your organizations (targetAccountId)',
  );
}

export function presentBase(row: KnowledgeBaseRow, counts: DocumentCounts = emptyCounts): KnowledgeBaseView {
  const { chunks, ...documents } = counts;
  return {
    id: row.id,
    title: row.title,
    documents,
    chunks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentDocument(row: KnowledgeDocumentRow): KnowledgeDocumentView {
  return {
    id: row.id,
    knowledgeBaseId: row.knowledgeBaseId,
    url: row.url,
    title: row.title || row.url,
    state: row.state,
    failureReason: row.failureReason,
    contentType: row.contentType,
    bytes: row.bytes,
    chunks: row.chunkCount,
    fetchedAt: row.fetchedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function requireBase(db: Db, organizationId: number, id: string): Promise<KnowledgeBaseRow> {
  const base = await findOwnBase(db, organizationId, id);
  if (!base) throw new AppError('NOT_FOUND', 'Knowledge base not found');
  return base;
}

async function baseCounts(db: Db, organizationId: number, id: string): Promise<DocumentCounts> {
  return (await countDocuments(db, organizationId)).get(id) ?? emptyCounts;
}

/** Owner lookups for the contract's tenant checks: the organization that owns a base or document. */
export async function knowledgeBaseOwner(db: Db, id: string): Promise<number | null> {
  return (await findBaseRow(db, id))?.accountId ?? null;
}

export async function knowledgeDocumentOwner(db: Db, id: string): Promise<number | null> {
  return (await findDocumentRow(db, id))?.accountId ?? null;
}

export async function listKnowledgeBases(db: Db, accountId: number | null) {
  const organizationId = await organizationOf(db, accountId);
  const [rows, counts] = await Promise.all([
    listBaseRows(db, organizationId),
    countDocuments(db, organizationId),
  ]);
  return { success: true as const, items: rows.map((row) => presentBase(row, counts.get(row.id))) };
}

export async function createKnowledgeBase(db: Db, accountId: number | null, title: string) {
  return failingAs('Failed to create knowledge base', async () => {
    const organizationId = await organizationOf(db, accountId);
    const row = await insertBaseRow(db, { id: newId('kb'), accountId: organizationId, title: title.trim() });
    return { success: true as const, knowledgeBase: presentBase(row) };
  });
}

export async function getKnowledgeBase(db: Db, accountId: number | null, id: string) {
  const organizationId = await organizationOf(db, accountId);
  const base = await requireBase(db, organizationId, id);
  const [documents, counts] = await Promise.all([
    listDocumentRows(db, organizationId, id),
    baseCounts(db, organizationId, id),
  ]);
  return {
    success: true as const,
    knowledgeBase: presentBase(base, counts),
    documents: documents.map(presentDocument),
  };
}

export async function deleteKnowledgeBase(db: Db, accountId: number | null, id: string) {
  return failingAs('Failed to delete knowledge base', async () => {
    const organizationId = await organizationOf(db, accountId);
    if (!(await deleteBaseRow(db, organizationId, id)))
      throw new AppError('NOT_FOUND', 'Knowledge base not found');
    return { success: true as const, deleted: true as const };
  });
}

export async function listKnowledgeDocuments(db: Db, accountId: number | null, id: string) {
  const organizationId = await organizationOf(db, accountId);
  await requireBase(db, organizationId, id);
  const rows = await listDocumentRows(db, organizationId, id);
  return { success: true as const, documents: rows.map(presentDocument) };
}

/** Normalised for comparison: no fragment, as the URL parser writes it. */
function normaliseUrl(raw: string): string {
  const url = new URL(raw.trim());
  url.hash = '';
  return url.href;
}

export async function addKnowledgeDocuments(
  deps: KnowledgeDeps,
  accountId: number | null,
  id: string,
  urls: readonly string[],
) {
  return failingAs('Failed to add documents to knowledge base', async () => {
    const organizationId = await organizationOf(deps.db, accountId);
    const base = await requireBase(deps.db, organizationId, id);
    const unique = [...new Set(urls.map(normaliseUrl))];
    await deps.jobs.prepare(ingestDocumentJob);
    const rows = await insertDocumentRows(
      deps.db,
      base,
      unique.map((url) => ({ id: newId('doc'), url })),
      async (tx, added) => {
        for (const document of added) {
          await deps.jobs.send(
            ingestDocumentJob,
            { documentId: document.id },
            { singletonKey: document.id, tx },
          );
        }
      },
    );
    return { success: true as const, documents: rows.map(presentDocument) };
  });
}

export async function refreshKnowledgeDocument(
  deps: KnowledgeDeps,
  accountId: number | null,
  id: string,
  docId: string,
) {
  return failingAs('Failed to refresh document', async () => {
    const organizationId = await organizationOf(deps.db, accountId);
    await requireBase(deps.db, organizationId, id);
    const document = await findDocumentRow(deps.db, docId);
    if (document?.knowledgeBaseId !== id) throw new AppError('NOT_FOUND', 'Document not found');
    if (document.state === 'queued' || document.state === 'fetching') {
      throw new AppError('CONFLICT', 'the document is being fetched already');
    }
    await deps.jobs.prepare(ingestDocumentJob);
    const queued = await deps.db.transaction(async (tx) => {
      const row = await setDocumentState(tx, docId, 'queued', null);
      await deps.jobs.send(ingestDocumentJob, { documentId: docId }, { singletonKey: docId, tx });
      return row;
    });
    if (!queued) throw new AppError('NOT_FOUND', 'Document not found');
    return { success: true as const, document: presentDocument(queued) };
  });
}

export async function deleteKnowledgeDocument(db: Db, accountId: number | null, id: string, docId: string) {
  return failingAs('Failed to delete document', async () => {
    const organizationId = await organizationOf(db, accountId);
    await requireBase(db, organizationId, id);
    if (!(await deleteDocumentRow(db, id, docId))) throw new AppError('NOT_FOUND', 'Document not found');
    return { success: true as const, deleted: true as const };
  });
}

export async function queryKnowledgeBase(
  deps: { db: Db; model: LanguageModel; vectors?: KnowledgeVectors | null },
  accountId: number | null,
  id: string,
  input: { query: string; processQuery: boolean; limit: number },
) {
  const { db } = deps;
  return failingAs('Failed to query knowledge base', async () => {
    const organizationId = await organizationOf(db, accountId);
    await requireBase(db, organizationId, id);
    // processQuery: the platform's model rewrites the question into a search query (a hosted one is asked; the
    // Sandbox model leaves it to the content-word query); without it the text is searched as written.
    // The rewrite's tokens are the organization's usage, metered like a conversation's.
    const meter = async (usage: { inputTokens: number; outputTokens: number }) => {
      await recordUsage(db, {
        accountId: organizationId,
        unit: 'tokens',
        quantity: usage.inputTokens + usage.outputTokens,
        idempotencyKey: `kb-rewrite:${randomBytes(12).toString('hex')}`,
      }).catch(() => false);
    };
    const query = input.processQuery
      ? await searchQueryForQuestion(deps.model, input.query, undefined, meter)
      : input.query;
    const found = await searchKnowledge(
      db,
      { organizationId, knowledgeBaseIds: [id], query, processQuery: input.processQuery, limit: input.limit },
      deps.vectors,
    );
    const results: KnowledgeResult[] = found.results.map((hit) => ({
      chunkId: hit.chunkId,
      documentId: hit.documentId,
      url: hit.url,
      title: hit.title,
      section: hit.section,
      text: hit.text,
      score: hit.score,
    }));
    return {
      success: true as const,
      response: { answer: found.answer, searchQuery: found.searchQuery, results },
    };
  });
}

export async function fetchSitemap(
  deps: KnowledgeDeps,
  accountId: number | null,
  input: { url: string; knowledgeBaseId?: string | undefined },
) {
  return failingAs('Failed to fetch sitemap', async () => {
    const organizationId = await organizationOf(deps.db, accountId);
    const known = input.knowledgeBaseId
      ? (await requireBase(deps.db, organizationId, input.knowledgeBaseId),
        await listDocumentUrls(deps.db, organizationId, input.knowledgeBaseId))
      : new Set<string>();
    let links: string[];
    try {
      links = await readSitemapLinks(deps.crawler, input.url);
    } catch (error) {
      throw new AppError('BAD_REQUEST', describeFailure(error));
    }
    return { success: true as const, links: links.filter((link) => !known.has(link)) };
  });
}

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';

/** How many URLs one request may add, and the longest query searched. */
export const knowledgeLimits = { maxUrlsPerRequest: 100, maxQueryLength: 1000, maxTitleLength: 200 } as const;

export const knowledgeDocumentStates = ['queued', 'fetching', 'ready', 'failed'] as const;
export type KnowledgeDocumentStateName = (typeof knowledgeDocumentStates)[number];

const webAddress = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(2000, 'is longer than 2000 characters')
    .refine((value) => /^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i.test(value), {
      error: 'must be a web address starting with http:// or https://',
    })
    .meta({ examples: ['https://example.com/pricing'] });

export const knowledgeBaseSchema = z.object({
  id: z.string().meta({ examples: ['kb-3f9a1c2e7b4d5a60'] }),
  title: z.string(),
  /** Documents by state, so a screen can show progress while the base fills. */
  documents: z.object({
    total: z.number().int(),
    queued: z.number().int(),
    fetching: z.number().int(),
    ready: z.number().int(),
    failed: z.number().int(),
  }),
  chunks: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type KnowledgeBaseView = z.infer<typeof knowledgeBaseSchema>;

export const knowledgeDocumentSchema = z.object({
  id: z.string().meta({ examples: ['doc-8e1d0b3c5a7f2946'] }),
  knowledgeBaseId: z.string(),
  url: z.string(),
  /** The page's title once fetched; the URL until then. */
  title: z.string(),
  state: z.enum(knowledgeDocumentStates),
  /** Why a failed document failed, in words (refused address, not found, not text, too large...). */
  failureReason: z.string().nullable(),
  contentType: z.string().nullable(),
  bytes: z.number().int().nullable(),
  chunks: z.number().int(),
  fetchedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type KnowledgeDocumentView = z.infer<typeof knowledgeDocumentSchema>;

export const knowledgeResultSchema = z.object({
  chunkId: z.number().int(),
  documentId: z.string(),
  url: z.string(),
  /** The page title and the headings above the passage. */
  title: z.string(),
  section: z.string(),
  text: z.string(),
  /** Relevance: the reciprocal-rank-fusion score of the rankings that ran; higher is better, within one answer. */
  score: z.number(),
});

export type KnowledgeResult = z.infer<typeof knowledgeResultSchema>;

const baseParams = z.object({ id: z.string().trim().min(1).max(100) });
const documentParams = baseParams.extend({ docId: z.string().trim().min(1).max(100) });

export const knowledgeEndpoints = {
  fetchSitemap: defineEndpoint({
    area: 'knowledge',
    method: 'POST',
    path: '/api/v2/kb/sitemap',
    summary: "The page URLs of a site's sitemap, to choose from before adding them",
    description:
      'A sitemap URL is read as it is (sitemap indexes followed, gzip or plain XML); a site root finds its ' +
      "sitemaps through robots.txt's Sitemap lines, else /sitemap.xml. With `knowledgeBaseId` the URLs already " +
      "in that base are left out. Failures answer 'Failed to fetch sitemap: <why>'.",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    body: z.object({
      url: webAddress('Must provide url'),
      knowledgeBaseId: z.string().trim().min(1).max(100).optional(),
    }),
    owned: { body: { knowledgeBaseId: 'knowledgeBase' } },
    response: okBody({ links: z.array(z.string()) }),
  }),
  listKnowledgeBases: defineEndpoint({
    area: 'knowledge',
    method: 'GET',
    path: '/api/v2/kb/knowledgebase',
    summary: "The acting organization's knowledge bases with their documents' progress",
    description: 'An agent account lists its organization’s bases (the ones its agents may attach).',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: okBody({ items: z.array(knowledgeBaseSchema) }),
  }),
  createKnowledgeBase: defineEndpoint({
    area: 'knowledge',
    method: 'POST',
    path: '/api/v2/kb/knowledgebase',
    summary: 'Create a knowledge base in the acting organization',
    description: "Failures answer 'Failed to create knowledge base: <why>'.",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({
      title: z
        .string({ error: 'Title is required' })
        .trim()
        .min(1, 'Title is required')
        .max(knowledgeLimits.maxTitleLength, `is longer than ${knowledgeLimits.maxTitleLength} characters`),
    }),
    successStatus: 201,
    response: okBody({ knowledgeBase: knowledgeBaseSchema }),
  }),
  getKnowledgeBase: defineEndpoint({
    area: 'knowledge',
    method: 'GET',
    path: '/api/v2/kb/knowledgebase/:id',
    summary: 'One knowledge base with its documents',
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    params: baseParams,
    owned: { params: { id: 'knowledgeBase' } },
    response: okBody({ knowledgeBase: knowledgeBaseSchema, documents: z.array(knowledgeDocumentSchema) }),
  }),
  deleteKnowledgeBase: defineEndpoint({
    area: 'knowledge',
    method: 'DELETE',
    path: '/api/v2/kb/knowledgebase/:id',
    summary: 'Delete a knowledge base, its documents and chunks',
    description:
      "Agents that attached it stop searching it. Failures answer 'Failed to delete knowledge base: <why>'.",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: baseParams,
    owned: { params: { id: 'knowledgeBase' } },
    response: okBody({ deleted: z.literal(true) }),
  }),
  listKnowledgeDocuments: defineEndpoint({
    area: 'knowledge',
    method: 'GET',
    path: '/api/v2/kb/knowledgebase/:id/document',
    summary: "A knowledge base's documents with their state",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    params: baseParams,
    owned: { params: { id: 'knowledgeBase' } },
    response: okBody({ documents: z.array(knowledgeDocumentSchema) }),
  }),
  addKnowledgeDocuments: defineEndpoint({
    area: 'knowledge',
    method: 'POST',
    path: '/api/v2/kb/knowledgebase/:id/document',
    summary: 'Add web pages or documents (HTML, PDF, plain text, Markdown) by URL',
    description:
      'Each URL becomes a queued document fetched in the background (robots.txt honoured, two requests at a ' +
      'time per host); a URL already in the base is answered as it is. A document that cannot be read ends ' +
      `failed with the reason. At most ${knowledgeLimits.maxUrlsPerRequest} URLs a request. Failures answer ` +
      "'Failed to add documents to knowledge base: <why>'.",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: baseParams,
    owned: { params: { id: 'knowledgeBase' } },
    body: z.object({
      urls: z
        .array(webAddress('is empty'), { error: 'No URLs provided' })
        .min(1, 'No URLs provided')
        .max(knowledgeLimits.maxUrlsPerRequest, `holds at most ${knowledgeLimits.maxUrlsPerRequest} URLs`),
    }),
    successStatus: 201,
    response: okBody({ documents: z.array(knowledgeDocumentSchema) }),
  }),
  refreshKnowledgeDocument: defineEndpoint({
    area: 'knowledge',
    method: 'PUT',
    path: '/api/v2/kb/knowledgebase/:id/document/:docId',
    summary: 'Fetch a document again',
    description:
      'The document is queued; when the page gives the same text as before (its content hash) nothing changes ' +
      "but the fetch time. Failures answer 'Failed to refresh document: <why>'.",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: documentParams,
    owned: { params: { id: 'knowledgeBase', docId: 'knowledgeDocument' } },
    response: okBody({ document: knowledgeDocumentSchema }),
  }),
  deleteKnowledgeDocument: defineEndpoint({
    area: 'knowledge',
    method: 'DELETE',
    path: '/api/v2/kb/knowledgebase/:id/document/:docId',
    summary: 'Remove a document and its chunks',
    description: "Failures answer 'Failed to delete document: <why>'.",
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: documentParams,
    owned: { params: { id: 'knowledgeBase', docId: 'knowledgeDocument' } },
    response: okBody({ deleted: z.literal(true) }),
  }),
  queryKnowledgeBase: defineEndpoint({
    area: 'knowledge',
    method: 'POST',
    path: '/api/v2/kb/knowledgebase/:id/query',
    summary: 'Search a knowledge base: the ranked passages and the sentence that best answers',
    description:
      'With processQuery (default true) the question is turned into a search for its content words, any of ' +
      'which may match; with false the text is searched as written (web-search syntax: quoted phrases, -word, ' +
      "or). `answer` is the best passage's sentence that covers the question most. Failures answer 'Failed to " +
      "query knowledge base: <why>'.",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    params: baseParams,
    owned: { params: { id: 'knowledgeBase' } },
    body: z.object({
      query: z
        .string({ error: 'Query is required' })
        .trim()
        .min(1, 'Query is required')
        .max(knowledgeLimits.maxQueryLength, `is longer than ${knowledgeLimits.maxQueryLength} characters`)
        .meta({ examples: ['What are your opening hours on Saturday?'] }),
      processQuery: z.boolean().default(true),
      limit: z.number().int().min(1).max(20).default(5),
    }),
    response: okBody({
      response: z.object({
        answer: z.string().nullable(),
        /** What was searched: the content words with processQuery, else the text as sent. */
        searchQuery: z.string(),
        results: z.array(knowledgeResultSchema),
      }),
    }),
  }),
};

import { knowledgeEndpoints } from '@switchboard/contract';
import type { Feature } from '../feature';
import { createCrawler } from './crawler';
import {
  addKnowledgeDocuments,
  createKnowledgeBase,
  deleteKnowledgeBase,
  deleteKnowledgeDocument,
  fetchSitemap,
  getKnowledgeBase,
  knowledgeBaseOwner,
  knowledgeDocumentOwner,
  listKnowledgeBases,
  listKnowledgeDocuments,
  queryKnowledgeBase,
  refreshKnowledgeDocument,
} from './knowledge.service';

/** Knowledge bases of an organization: documents by URL fetched in the background, and search over them. */
export const knowledgeFeature: Feature = {
  name: 'knowledge',
  ownerResolvers: ({ db }) => ({
    knowledgeBase: (id) => knowledgeBaseOwner(db, String(id)),
    knowledgeDocument: (id) => knowledgeDocumentOwner(db, String(id)),
  }),
  registerRoutes({ implement, db, jobs, config, runtime, knowledgeVectors }) {
    const deps = {
      db,
      jobs,
      crawler: createCrawler({ allowPrivateNetwork: config.apps.allowPrivateNetwork }),
    };
    implement(knowledgeEndpoints)({
      fetchSitemap: ({ body, ctx }) => fetchSitemap(deps, ctx.accountId, body),
      listKnowledgeBases: ({ ctx }) => listKnowledgeBases(db, ctx.accountId),
      createKnowledgeBase: ({ body, ctx }) => createKnowledgeBase(db, ctx.accountId, body.title),
      getKnowledgeBase: ({ params, ctx }) => getKnowledgeBase(db, ctx.accountId, params.id),
      deleteKnowledgeBase: ({ params, ctx }) => deleteKnowledgeBase(db, ctx.accountId, params.id),
      listKnowledgeDocuments: ({ params, ctx }) => listKnowledgeDocuments(db, ctx.accountId, params.id),
      addKnowledgeDocuments: ({ params, body, ctx }) =>
        addKnowledgeDocuments(deps, ctx.accountId, params.id, body.urls),
      refreshKnowledgeDocument: ({ params, ctx }) =>
        refreshKnowledgeDocument(deps, ctx.accountId, params.id, params.docId),
      deleteKnowledgeDocument: ({ params, ctx }) =>
        deleteKnowledgeDocument(db, ctx.accountId, params.id, params.docId),
      queryKnowledgeBase: ({ params, body, ctx }) =>
        queryKnowledgeBase(
          { db, model: runtime.model, vectors: knowledgeVectors },
          ctx.accountId,
          params.id,
          body,
        ),
    });
  },
};

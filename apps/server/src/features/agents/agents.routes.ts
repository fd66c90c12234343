import { agentsEndpoints } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import { loadActingAccount } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { functionCatalogue, type AgentsDeps } from './agents.service';
import {
  createAgentFromTemplate,
  detachAgentFromTemplate,
  getCampaign,
  getSlot,
  publishAgent,
  revertAgent,
  saveCampaign,
} from './campaign.service';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  loadVisibleTemplate,
  presentTemplate,
  saveTemplate,
  templateOwner,
} from './templates.service';
import {
  createAgentVersion,
  deleteAgentVersion,
  listAgentVersions,
  renameAgentVersion,
  replaceAgentVersion,
  restoreAgentVersion,
  versionOwner,
} from './versions.service';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return actor;
};

export const agentsFeature: Feature = {
  name: 'agents',
  ownerResolvers: ({ db }) => ({
    template: (id, { actingAccountId }) => templateOwner(db, String(id), actingAccountId),
    agentVersion: (id) => versionOwner(db, Number(id)),
  }),
  registerRoutes({ implement, db, config, authenticator }) {
    const deps: AgentsDeps = {
      db,
      authenticator,
      accounts: { db, testAccountUsernames: config.accounts.testAccountUsernames },
    };
    const call = (ctx: { actor: Actor | null; accountId: number | null }, force?: boolean) => ({
      actor: signedIn(ctx.actor),
      accountId: ctx.accountId,
      force: force ?? false,
    });

    implement(agentsEndpoints)({
      listAgentFunctions: async ({ ctx }) => {
        const account = await loadActingAccount(db, ctx.accountId);
        return { success: true, functions: functionCatalogue(account) };
      },
      getCampaign: async ({ query, ctx }) => ({
        success: true,
        ...(await getCampaign(deps, call(ctx, query.forceReplaceTemplateVars))),
      }),
      saveCampaign: async ({ query, body, ctx }) => ({
        success: true,
        ...(await saveCampaign(deps, call(ctx, query.forceReplaceTemplateVars), body)),
      }),
      publishAgent: async ({ query, body, ctx }) => ({
        success: true,
        ...(await publishAgent(deps, call(ctx, query.forceReplaceTemplateVars), body?.note ?? null)),
      }),
      revertAgent: async ({ query, ctx }) => ({
        success: true,
        ...(await revertAgent(deps, call(ctx, query.forceReplaceTemplateVars))),
      }),
      getProductionAgent: async ({ query, ctx }) => ({
        success: true,
        agent: await getSlot(deps, call(ctx, query.forceReplaceTemplateVars), 'production'),
      }),
      getStagingAgent: async ({ query, ctx }) => ({
        success: true,
        agent: await getSlot(deps, call(ctx, query.forceReplaceTemplateVars), 'staging'),
      }),

      listAgentVersions: async ({ params, query, ctx }) => ({
        success: true,
        versions: await listAgentVersions(deps, signedIn(ctx.actor), params.id, query.includeData),
      }),
      createAgentVersion: async ({ params, body, ctx }) => {
        const version = await createAgentVersion(deps, signedIn(ctx.actor), params.id, body);
        return { success: true, message: `Version "${version.title}" saved`, createdVersion: version };
      },
      replaceAgentVersion: async ({ params, body, ctx }) => {
        const version = await replaceAgentVersion(
          deps,
          signedIn(ctx.actor),
          params.id,
          params.versionId,
          body.snapshot,
        );
        return { success: true, versionId: version.versionId, version };
      },
      restoreAgentVersion: async ({ params, body, ctx }) => ({
        success: true,
        ...(await restoreAgentVersion(
          deps,
          signedIn(ctx.actor),
          params.id,
          params.versionId,
          body?.target ?? 'staging',
        )),
      }),
      renameAgentVersion: async ({ params, body, ctx }) => ({
        success: true,
        ...(await renameAgentVersion(deps, signedIn(ctx.actor), params.id, params.versionId, body.title)),
      }),
      deleteAgentVersion: async ({ params, ctx }) => {
        await deleteAgentVersion(deps, signedIn(ctx.actor), params.id, params.versionId);
        return { success: true, message: 'Version deleted', versionId: params.versionId };
      },

      listTemplates: async ({ ctx }) => ({
        success: true,
        templates: await listTemplates(deps, signedIn(ctx.actor), ctx.accountId),
      }),
      getTemplate: async ({ params, ctx }) => {
        const { row, editable } = await loadVisibleTemplate(deps, signedIn(ctx.actor), params.id);
        return { success: true, template: presentTemplate(row, editable) };
      },
      saveTemplate: async ({ params, body, ctx }) => ({
        success: true,
        message: body.published === true ? 'Template published' : 'Template saved',
        template: await saveTemplate(deps, signedIn(ctx.actor), params.id, body),
      }),
      deleteTemplate: async ({ params, ctx }) => {
        await deleteTemplate(deps, signedIn(ctx.actor), params.id);
        return { success: true, message: 'Template deleted' };
      },
      createTemplate: async ({ body, ctx }) => ({
        success: true,
        message: 'Template created',
        template: await createTemplate(deps, signedIn(ctx.actor), ctx.accountId, body),
      }),
      detachAgentFromTemplate: async ({ query, ctx }) => ({
        success: true,
        ...(await detachAgentFromTemplate(deps, call(ctx, query.forceReplaceTemplateVars))),
      }),
      createAgentFromTemplate: async ({ query, body, ctx }) => ({
        success: true,
        ...(await createAgentFromTemplate(deps, call(ctx), { ...body, ...query })),
      }),
    });
  },
};

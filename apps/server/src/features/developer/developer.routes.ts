import { developerEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import { createSecretBox } from '../../platform/secret-box';
import type { RequestContext } from '../../http/register-endpoint';
import type { Feature } from '../feature';
import { registerMcpEndpoint } from './mcp-endpoint';
import { createApiToken, deleteApiToken, listApiTokens } from './tokens.service';
import { findApiTokenOwner } from './tokens.repo';
import { findDelivery, findWebhookEndpoint } from './webhooks.repo';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  replayDelivery,
  revealWebhookSecret,
  updateWebhook,
  type WebhooksDeps,
} from './webhooks.service';

function caller(ctx: RequestContext) {
  if (!ctx.actor || ctx.accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return { actor: ctx.actor, accountId: ctx.accountId };
}

/** API tokens, event webhooks and the MCP server: how developers and other AI tools drive the platform. */
export const developerFeature: Feature = {
  name: 'developer',
  ownerResolvers: ({ db }) => ({
    apiToken: (id) => findApiTokenOwner(db, Number(id)),
    webhook: async (id) => (await findWebhookEndpoint(db, Number(id)))?.accountId ?? null,
    webhookDelivery: async (id) => (await findDelivery(db, Number(id)))?.delivery.accountId ?? null,
  }),
  registerRoutes({ app, implement, db, config, authenticator }) {
    const webhooks: WebhooksDeps = {
      db,
      secrets: createSecretBox({ secretsKey: config.secretsKey, dataDir: config.dataDir }),
      production: config.env === 'production',
      allowPrivateNetwork: config.apps.allowPrivateNetwork,
    };
    implement(developerEndpoints)({
      listApiTokens: async ({ ctx }) => {
        const { accountId } = caller(ctx);
        return { success: true, message: 'Tokens retrieved', tokens: await listApiTokens(db, accountId) };
      },
      createApiToken: async ({ body, ctx }) => {
        const { actor, accountId } = caller(ctx);
        const token = await createApiToken(db, actor, accountId, body);
        return { success: true, message: 'Token created successfully', token };
      },
      deleteApiToken: async ({ body, ctx }) => {
        await deleteApiToken(db, caller(ctx).accountId, body);
        return { success: true, message: 'Token deleted successfully' };
      },
      listWebhooks: async ({ ctx }) => ({
        success: true,
        message: 'Webhooks retrieved',
        webhooks: await listWebhooks(db, caller(ctx).accountId),
      }),
      createWebhook: async ({ body, ctx }) => {
        const created = await createWebhook(webhooks, caller(ctx).accountId, body);
        return { success: true, message: 'Webhook created successfully', ...created };
      },
      updateWebhook: async ({ params, body }) => ({
        success: true,
        message: 'Webhook updated',
        webhook: await updateWebhook(webhooks, params.webhookId, body),
      }),
      deleteWebhook: async ({ params }) => {
        await deleteWebhook(db, params.webhookId);
        return { success: true, message: 'Webhook deleted successfully' };
      },
      revealWebhookSecret: async ({ params }) => ({
        success: true,
        secret: await revealWebhookSecret(webhooks, params.webhookId),
      }),
      listWebhookDeliveries: async ({ params, query }) => ({
        success: true,
        deliveries: await listWebhookDeliveries(db, params.webhookId, query),
      }),
      replayWebhookDelivery: async ({ params }) => ({
        success: true,
        message: 'The delivery will be sent again within seconds',
        delivery: await replayDelivery(db, params.deliveryId),
      }),
    });
    registerMcpEndpoint(app, authenticator);
  },
};

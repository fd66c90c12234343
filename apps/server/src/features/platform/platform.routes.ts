import { buildOpenApiDocument, endpoints, platformEndpoints } from '@switchboard/contract';
import { version } from '../../platform/version';
import type { Feature } from '../feature';
import { getHealth, recordPageVisit } from './platform.service';

export const platformFeature: Feature = {
  name: 'platform',
  registerRoutes({ implement, db, dbKind, storage, startedAt, config }) {
    const openApi = buildOpenApiDocument(endpoints, { version, serverUrl: config.publicUrl });

    implement(platformEndpoints)({
      health: async ({ ctx }) => {
        const mode = config.demoMode
          ? 'demonstration'
          : config.env === 'production'
            ? 'production'
            : 'development';
        const health = await getHealth({ db, dbKind, storage, startedAt, mode });
        if (health.status !== 'ok') ctx.reply.code(503);
        return health;
      },
      openApi: () => Promise.resolve(openApi),
      ipCorrelator: async ({ body, ctx }) => {
        await recordPageVisit(db, {
          page: body.page,
          ref: body.ref,
          ip: ctx.request.ip,
          userAgent: ctx.request.headers['user-agent'],
        });
        return { success: true };
      },
    });
  },
};

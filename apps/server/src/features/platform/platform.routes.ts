import { buildOpenApiDocument, allEndpoints, platformEndpoints } from '@switchboard/contract';
import { version } from '../../platform/version';
import type { Feature } from '../feature';
import { getHealth, recordPageVisit } from './platform.service';

export const platformFeature: Feature = {
  name: 'platform',
  registerRoutes({ implement, db, dbKind, storage, startedAt, config }) {
    const openApi = buildOpenApiDocument(allEndpoints, { version, serverUrl: config.publicUrl });

    implement(platformEndpoints)({
      health: async ({ ctx }) => {
        const health = await getHealth({ db, dbKind, storage, startedAt });
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

import { outboxEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import { listOutbox } from './outbox.service';

export const outboxFeature: Feature = {
  name: 'outbox',
  registerRoutes({ implement, db, mail, sms, config }) {
    const sandboxed = mail.sandbox || sms.sandbox;
    implement(outboxEndpoints)({
      listOutbox: async ({ query, ctx }) => {
        // Real providers deliver for real; there is nothing to show, and the path should not exist.
        if (!sandboxed) throw new AppError('NOT_FOUND', 'There is no GET /api/dev/outbox');
        // A production demonstration shows what the sandbox sent to super admins only: it holds sign-in codes.
        if (config.demoMode && !ctx.actor?.superAdmin) {
          throw new AppError('FORBIDDEN', 'In demonstration mode only a super admin can read the outbox');
        }
        return { success: true, items: await listOutbox(db, query) };
      },
    });
  },
};

import { helpEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import { sendSupportRequest } from './help.service';

/** The contact-support form: mail to the support address of the page's brand. */
export const helpFeature: Feature = {
  name: 'help',
  registerRoutes({ implement, db, mail, config }) {
    const deps = {
      db,
      mail,
      testAccountUsernames: config.accounts.testAccountUsernames,
      publicUrl: config.publicUrl,
      specialOrganizationId: config.accounts.specialOrganizationId,
    };
    implement(helpEndpoints)({
      sendSupportRequest: ({ body, ctx }) => {
        if (!ctx.actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
        return sendSupportRequest(deps, ctx.actor, ctx.accountId, body);
      },
    });
  },
};

import { phoneNumbersEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import { assignByoNumber } from './byo-numbers.service';
import { validateVerifiedNumber, verifyCellForwarding } from './forwarding.service';
import { setSandboxForwardTarget } from './forwarding.repo';
import { walkthrough } from './walkthrough.service';
import {
  assignNumber,
  listNumbers,
  phoneNumberOwner,
  returnNumber,
  searchByLocality,
  searchByPhrase,
  searchByPrefix,
  type PhoneNumbersDeps,
} from './phone-numbers.service';

/**
 * Phone numbers: searching the carrier's stock, the agent accounts' numbers (assign, bring your own, return,
 * list), checks that a cell forwards its calls to the agent's number, and the setup walkthrough they complete.
 */
export const phoneNumbersFeature: Feature = {
  name: 'phone-numbers',
  ownerResolvers: ({ db }) => ({
    phoneNumber: (number) => phoneNumberOwner(db, String(number)),
  }),
  registerRoutes({ implement, db, telephony, logger, config }) {
    const deps: PhoneNumbersDeps = {
      db,
      telephony,
      logger,
      publicUrl: config.publicUrl,
      platformNumber: config.telephony.platformNumber ?? null,
    };
    implement(phoneNumbersEndpoints)({
      searchNumbersByPrefix: ({ body }) => searchByPrefix(deps, body),
      searchNumbersByLocality: ({ body }) => searchByLocality(deps, body),
      searchNumbersByPhrase: ({ body }) => searchByPhrase(deps, body),
      assignPhoneNumber: ({ body, ctx }) => assignNumber(deps, ctx.accountId, body),
      returnPhoneNumber: ({ body, ctx }) => returnNumber(deps, ctx.accountId, body.number),
      listPhoneNumbers: ({ ctx }) => listNumbers(deps, ctx.accountId),
      assignByoNumber: ({ body, ctx }) => assignByoNumber(deps, ctx.accountId, body),
      verifyCellForwarding: ({ body, ctx }) => verifyCellForwarding(deps, ctx.actor, ctx.accountId, body),
      validateVerifiedNumber: ({ body, ctx }) => validateVerifiedNumber(deps, ctx.accountId, body.listen),
      walkthrough: ({ ctx }) => walkthrough(db, ctx.accountId),
      setSandboxCallForwarding: async ({ body }) => {
        if (!telephony.sandbox) {
          throw new AppError('NOT_FOUND', 'Call forwarding is set on the phone itself at a real carrier');
        }
        await setSandboxForwardTarget(db, body.cellNumber, body.forwardTo);
        return { success: true, cellNumber: body.cellNumber, forwardTo: body.forwardTo };
      },
    });
  },
};

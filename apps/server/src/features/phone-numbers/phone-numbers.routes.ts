import { phoneNumbersEndpoints } from '@switchboard/contract';
import type { Feature } from '../feature';
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

/** Phone numbers: searching the carrier's stock, and the agent accounts' numbers (assign, return, list). */
export const phoneNumbersFeature: Feature = {
  name: 'phone-numbers',
  ownerResolvers: ({ db }) => ({
    phoneNumber: (number) => phoneNumberOwner(db, String(number)),
  }),
  registerRoutes({ implement, db, telephony, logger, config }) {
    const deps: PhoneNumbersDeps = { db, telephony, logger, publicUrl: config.publicUrl };
    implement(phoneNumbersEndpoints)({
      searchNumbersByPrefix: ({ body }) => searchByPrefix(deps, body),
      searchNumbersByLocality: ({ body }) => searchByLocality(deps, body),
      searchNumbersByPhrase: ({ body }) => searchByPhrase(deps, body),
      assignPhoneNumber: ({ body, ctx }) => assignNumber(deps, ctx.accountId, body),
      returnPhoneNumber: ({ body, ctx }) => returnNumber(deps, ctx.accountId, body.number),
      listPhoneNumbers: ({ ctx }) => listNumbers(deps, ctx.accountId),
    });
  },
};

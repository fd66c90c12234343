import { referralsEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Feature } from '../feature';
import { mobileContacts, referralRewards, sendInvite, type ReferralsDeps } from './referrals.service';

const acting = (accountId: number | null): number => {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return accountId;
};

/** Invitations with the account's referral link, by mail or text, and the rewards they earned. */
export const referralsFeature: Feature = {
  name: 'referrals',
  registerRoutes({ implement, db, mail, sms, logger, config }) {
    const deps: ReferralsDeps = {
      db,
      mail,
      sms,
      logger,
      publicUrl: config.publicUrl,
      rewardUsd: config.payPages.referralRewardUsd,
      invitesPerDay: config.payPages.invitesPerDay,
    };
    implement(referralsEndpoints)({
      referralRewards: ({ ctx }) => referralRewards(deps, acting(ctx.accountId)),
      mobileContacts: ({ ctx }) => mobileContacts(deps, acting(ctx.accountId)),
      sendInvite: ({ body, ctx }) => sendInvite(deps, acting(ctx.accountId), body.target),
    });
  },
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';

export const referralInviteSchema = z.object({
  id: z.number().int(),
  target: z.string(),
  channel: z.enum(['email', 'sms']),
  /** accepted: an account with this address paid for the first time and the reward was earned. */
  status: z.enum(['sent', 'accepted']),
  createdAt: z.string(),
  rewardedAt: z.string().nullable(),
});

export const referralRewardSchema = z.object({
  id: z.number().int(),
  amountUsd: z.string(),
  reason: z.string(),
  claimed: z.boolean(),
  createdAt: z.string(),
});

export const referralsEndpoints = {
  referralRewards: defineEndpoint({
    area: 'referrals',
    method: 'GET',
    path: '/api/v1/referralRewards',
    summary: "The acting account's referral link, invitations sent, and rewards earned (claimed or not)",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: okBody({
      referralLink: z.string(),
      rewardUsd: z.string(),
      invitesPerDay: z.number().int(),
      invitesToday: z.number().int(),
      invites: z.array(referralInviteSchema),
      rewards: z.array(referralRewardSchema),
      unclaimedUsd: z.string(),
    }),
  }),
  mobileContacts: defineEndpoint({
    area: 'referrals',
    method: 'GET',
    path: '/api/v1/mobileContacts',
    summary: "People from the acting account's contacts who can be invited (with an email or phone number)",
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    response: okBody({
      contacts: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          email: z.string().nullable(),
          phoneNumber: z.string().nullable(),
          invited: z.boolean(),
        }),
      ),
    }),
  }),
  sendInvite: defineEndpoint({
    area: 'referrals',
    method: 'POST',
    path: '/api/v1/sendInvite',
    summary: 'Invite someone by email or text with the referral link of the acting account',
    description:
      'target is an email address or a phone number (E.164). Not to the account itself; a limited number a day ' +
      '(429 beyond). The inviter earns a reward when an account with this address first pays.',
    guard: 'session',
    permission: { flag: 'canInviteUsers' },
    body: z
      .object({ target: z.string().trim().min(3, 'is required').max(254, 'is longer than 254 characters') })
      .meta({ examples: [{ target: 'friend@example.com' }] }),
    successStatus: 201,
    response: okBody({ message: z.string(), invite: referralInviteSchema }),
  }),
};

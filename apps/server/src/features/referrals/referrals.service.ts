import { normalizeEmail, normalizePhoneNumber } from '@switchboard/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, rateLimited } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { MailProvider } from '../../providers/mail/types';
import type { SmsProvider } from '../../providers/sms/types';
import { loadActingAccount } from '../accounts/accounts.service';
import { unitsToUsd, usdToUnits } from '../ledger';
import {
  addressesOf,
  countInvitesSince,
  earnInviteReward,
  findInviteFor,
  insertInvite,
  listInvitableContacts,
  listInvites,
  listReferralRewards,
  type ReferralInviteRow,
} from './referrals.repo';

export interface ReferralsDeps {
  db: Db;
  mail: MailProvider;
  sms: SmsProvider;
  logger: FastifyBaseLogger;
  publicUrl: string;
  rewardUsd: string;
  invitesPerDay: number;
}

const dayMs = 86_400_000;

const referralLink = (deps: ReferralsDeps, username: string) =>
  `${deps.publicUrl}/app?ref=${encodeURIComponent(username)}`;

function inviteView(row: ReferralInviteRow) {
  return {
    id: row.id,
    target: row.target,
    channel: row.channel,
    status: row.rewardedAt ? ('accepted' as const) : ('sent' as const),
    createdAt: row.createdAt.toISOString(),
    rewardedAt: row.rewardedAt?.toISOString() ?? null,
  };
}

const accountOf = (db: Db, accountId: number) => loadActingAccount(db, accountId);

export async function referralRewards(deps: ReferralsDeps, accountId: number) {
  const account = await accountOf(deps.db, accountId);
  const invites = await listInvites(deps.db, accountId);
  const rewards = await listReferralRewards(deps.db, accountId);
  const unclaimed = rewards.filter((reward) => !reward.claimedAt);
  return {
    success: true as const,
    referralLink: referralLink(deps, account.username),
    rewardUsd: unitsToUsd(usdToUnits(deps.rewardUsd)),
    invitesPerDay: deps.invitesPerDay,
    invitesToday: await countInvitesSince(deps.db, accountId, new Date(Date.now() - dayMs)),
    invites: invites.map(inviteView),
    rewards: rewards.map((reward) => ({
      id: reward.id,
      amountUsd: unitsToUsd(reward.amountUnits),
      reason: reward.reason,
      claimed: reward.claimedAt !== null,
      createdAt: reward.createdAt.toISOString(),
    })),
    unclaimedUsd: unitsToUsd(unclaimed.reduce((sum, reward) => sum + reward.amountUnits, 0n)),
  };
}

export async function mobileContacts(deps: ReferralsDeps, accountId: number) {
  return { success: true as const, contacts: await listInvitableContacts(deps.db, accountId) };
}

/** An email address (lower case) or an E.164 number, or a 400 naming the field. */
function parseTarget(text: string): { target: string; channel: 'email' | 'sms' } {
  if (text.includes('@')) {
    const email = normalizeEmail(text);
    if (!email)
      throw new AppError('VALIDATION_FAILED', 'target: is not an email address', { field: 'target' });
    return { target: email, channel: 'email' };
  }
  const phone = normalizePhoneNumber(text);
  if (!phone) {
    throw new AppError('VALIDATION_FAILED', 'target: must be an email address or a phone number', {
      field: 'target',
    });
  }
  return { target: phone, channel: 'sms' };
}

export async function sendInvite(deps: ReferralsDeps, accountId: number, text: string) {
  const account = await accountOf(deps.db, accountId);
  const { target, channel } = parseTarget(text);
  const own = await addressesOf(deps.db, accountId);
  if (own?.addresses.includes(target)) {
    throw new AppError('VALIDATION_FAILED', 'target: is this account’s own address; invite someone else', {
      field: 'target',
    });
  }
  const since = new Date(Date.now() - dayMs);
  if ((await countInvitesSince(deps.db, accountId, since)) >= deps.invitesPerDay) {
    throw rateLimited(
      `This account sent ${deps.invitesPerDay} invitations in the last 24 hours: please wait before sending more`,
      dayMs / 1000,
    );
  }
  const link = referralLink(deps, account.username);
  try {
    if (channel === 'email') {
      await deps.mail.send({
        to: target,
        subject: `@${account.username} invites you to Switchboard`,
        text: [
          'Hello,',
          '',
          `@${account.username} uses Switchboard for AI agents that answer and place calls and texts, and invites you to try it.`,
          '',
          `Start here: ${link}`,
        ].join('\n'),
      });
    } else {
      await deps.sms.send({
        to: target,
        text: `@${account.username} invites you to Switchboard, AI agents for your calls and texts: ${link}`,
      });
    }
  } catch (error) {
    deps.logger.warn({ err: error, channel }, 'an invitation was not sent');
    throw new AppError(
      'UNAVAILABLE',
      `The invitation could not be sent by ${channel === 'email' ? 'mail' : 'text'} right now; please try again in a minute`,
    );
  }
  const row = await insertInvite(deps.db, {
    accountId,
    target,
    channel,
    rewardUnits: usdToUnits(deps.rewardUsd),
  });
  return { success: true as const, message: `Invitation sent to ${target}`, invite: inviteView(row) };
}

/**
 * Called when money comes into an account: if it was invited (an invitation to one of its addresses sent before it
 * existed), the inviter earns that invitation's reward, once.
 */
export async function earnReferralReward(db: Db, accountId: number): Promise<boolean> {
  const own = await addressesOf(db, accountId);
  if (!own) return false;
  const invite = await findInviteFor(db, accountId, own.addresses, own.createdAt);
  if (!invite) return false;
  return (await earnInviteReward(db, invite, accountId)) !== null;
}

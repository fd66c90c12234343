import { displayNameOf, normalizeEmail } from '@switchboard/core';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { MailProvider } from '../../providers/mail/types';
import type { AccountRow } from './accounts.repo';
import { loadActingAccount, type AccountsDeps } from './accounts.service';
import {
  countOwners,
  deleteMembership,
  detachHomeAccount,
  findAdminRelation,
  listAdminUserRows,
  lockAccount,
} from './members.repo';
import { addMembership, findUserByEmail, findUserById, insertUser } from './people.repo';
import { outranks, standingOfActor } from './standing.service';

export interface MembersDeps extends AccountsDeps {
  mail: MailProvider;
  /** Where the app lives, for the sign-in link of an invitation without a redirectUrl. */
  publicUrl: string;
}

const tierWord = (account: AccountRow) => (account.accountType === 'agent' ? 'account' : account.accountType);

export async function listAdminUsers(deps: AccountsDeps, actingAccountId: number | null) {
  const account = await loadActingAccount(deps.db, actingAccountId);
  const rows = await listAdminUserRows(deps.db, account.id);
  return {
    success: true as const,
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      isOwner: row.isOwner,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

async function findOrCreatePerson(db: Db, email: string) {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  try {
    return await insertUser(db, { email });
  } catch (error) {
    // Someone else created the same person a moment ago (the email is unique).
    const created = await findUserByEmail(db, email);
    if (created) return created;
    throw error;
  }
}

function invitationMail(input: {
  to: string;
  account: AccountRow;
  inviterName: string;
  isOwner: boolean;
  signInUrl: string;
}) {
  const name = displayNameOf(input.account);
  const role = input.isOwner ? 'an owner' : 'an admin user';
  return {
    to: input.to,
    subject: `You are invited to ${name} on Switchboard`,
    text:
      `${input.inviterName} invited you to join the ${tierWord(input.account)} ${name} on Switchboard as ${role}.\n\n` +
      `Sign in at ${input.signInUrl} with this address (${input.to}); we will email you a 6-digit code.\n\n` +
      'If you did not expect this invitation, you can ignore this message.',
  };
}

/** Adds a person (created when unknown) as an admin user of the acting account and emails them the invitation. */
export async function inviteAdminUser(
  deps: MembersDeps,
  actor: Actor,
  actingAccountId: number | null,
  input: { email: string; redirectUrl?: string | undefined; isOwner: boolean },
) {
  const account = await loadActingAccount(deps.db, actingAccountId);
  const email = normalizeEmail(input.email);
  if (!email) throw new AppError('VALIDATION_FAILED', 'body.email: is not a valid email address');
  // Nobody hands out more say than they have: an invited admin user can invite admin users, not owners.
  if (input.isOwner && !outranks(await standingOfActor(deps.db, actor, account.id), 'member')) {
    throw new AppError(
      'FORBIDDEN',
      `Only an owner of this ${tierWord(account)}, or a tier above it, can invite an owner`,
    );
  }

  const person = await findOrCreatePerson(deps.db, email);
  const relation = await findAdminRelation(deps.db, person.id, account.id);
  if (relation?.homeOwner || relation?.member) {
    throw new AppError('CONFLICT', `${email} is already an admin user of this ${tierWord(account)}`);
  }
  await addMembership(deps.db, {
    userId: person.id,
    accountId: account.id,
    isOwner: input.isOwner,
    invitedBy: actor.userId,
  });
  const inviter = await findUserById(deps.db, actor.userId);
  try {
    await deps.mail.send(
      invitationMail({
        to: email,
        account,
        inviterName: inviter?.name ?? inviter?.email ?? 'Someone',
        isOwner: input.isOwner,
        signInUrl: input.redirectUrl ?? `${deps.publicUrl}/app`,
      }),
    );
  } catch (error) {
    // An invitation nobody hears about would be a silent grant of access; undo it and say so.
    await deleteMembership(deps.db, person.id, account.id);
    throw Object.assign(
      new AppError('UNAVAILABLE', 'The invitation email could not be sent; nothing was changed'),
      { cause: error },
    );
  }
  return { success: true as const, message: 'Invitation sent' };
}

/** Removes an admin user from the acting account; the last owner cannot be removed. */
export async function deleteAdminUser(
  deps: AccountsDeps,
  actor: Actor,
  actingAccountId: number | null,
  targetUserId: number,
) {
  const account = await loadActingAccount(deps.db, actingAccountId);
  await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockAccount(db, account.id);
    const relation = await findAdminRelation(db, targetUserId, account.id);
    if (!relation || (!relation.homeOwner && !relation.member)) {
      throw new AppError('NOT_FOUND', `No admin user matches body.targetUserId in this ${tierWord(account)}`);
    }
    const target = await findUserById(db, targetUserId);
    const targetStanding = target?.superAdmin ? 'superAdmin' : relation.isOwner ? 'owner' : 'member';
    // Leaving is always one's own choice; removing someone else takes more say than they have.
    const leaving = targetUserId === actor.userId;
    if (!leaving && !outranks(await standingOfActor(db, actor, account.id), targetStanding)) {
      throw new AppError(
        'FORBIDDEN',
        `You can remove only admin users with less say over this ${tierWord(account)} than you`,
      );
    }
    if (relation.isOwner && (await countOwners(db, account.id)) <= 1) {
      throw new AppError('CONFLICT', `You cannot remove the last owner of this ${tierWord(account)}`);
    }
    await deleteMembership(db, targetUserId, account.id);
    if (relation.homeOwner) await detachHomeAccount(db, targetUserId, account.id);
  });
  return { success: true as const, message: 'Admin user successfully removed from your organization' };
}

/** True when the person is an owner or member of the account (the owner resolver of the `member` kind). */
export async function isPersonOfAccount(db: Db, userId: number, accountId: number): Promise<boolean> {
  const relation = await findAdminRelation(db, userId, accountId);
  return relation !== null && (relation.homeOwner || relation.member);
}

import type { Actor } from '../../http/authenticator';
import type { Db } from '../../platform/database';
import { findAdminRelation, listAccountIdsOfPerson } from './members.repo';
import { findUserById, isInUserTree } from './people.repo';

/**
 * How much say a person has over one account, lowest first: none, an invited admin user, an owner, someone
 * from a tier above it, a super admin. One person may reach another only from strictly higher standing.
 */
export const standings = ['none', 'member', 'owner', 'above', 'superAdmin'] as const;
export type Standing = (typeof standings)[number];

export const outranks = (actor: Standing, target: Standing) =>
  standings.indexOf(actor) > standings.indexOf(target);

/** A person's standing on an account. */
export async function standingOf(
  db: Db,
  person: { userId: number; superAdmin: boolean; homeAccountId: number | null },
  accountId: number,
): Promise<Standing> {
  if (person.superAdmin) return 'superAdmin';
  const relation = await findAdminRelation(db, person.userId, accountId);
  if (relation?.isOwner) return 'owner';
  if (relation?.member) return 'member';
  if (
    person.homeAccountId !== null &&
    person.homeAccountId !== accountId &&
    (await isInUserTree(db, person.userId, person.homeAccountId, accountId))
  ) {
    return 'above';
  }
  return 'none';
}

export const standingOfActor = (db: Db, actor: Actor, accountId: number) =>
  standingOf(
    db,
    { userId: actor.userId, superAdmin: actor.superAdmin, homeAccountId: actor.accountId },
    accountId,
  );

/** A person's standing on an account, read from the database (a super admin stays one wherever they are). */
export async function standingOfPerson(
  db: Db,
  userId: number,
  homeAccountId: number | null,
  accountId: number,
) {
  const user = await findUserById(db, userId);
  return standingOf(db, { userId, superAdmin: user?.superAdmin ?? false, homeAccountId }, accountId);
}

/**
 * Whether the actor may reach the person (mint them a sign-in token): never a super admin, and every account
 * the person belongs to lies strictly below the actor's own, so the person has no right the actor lacks.
 */
export async function canReachPerson(
  db: Db,
  actor: Actor,
  person: { id: number; superAdmin: boolean },
  canActFor: (actor: Actor, accountId: number) => Promise<boolean>,
): Promise<boolean> {
  if (person.superAdmin || person.id === actor.userId) return false;
  const accountIds = await listAccountIdsOfPerson(db, person.id);
  if (accountIds.length === 0) return false;
  for (const accountId of accountIds) {
    if (!actor.superAdmin && accountId === actor.accountId) return false;
    if (!(await canActFor(actor, accountId))) return false;
  }
  return true;
}

import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { createChildAccount, loadTierAccountById } from '../accounts/accounts.service';
import { findUserByEmail } from '../accounts/people.service';
import type { PendingSignup } from './auth.repo';

/**
 * Creates what a sign-up asked for once its code proved the address: an organization owned by the address's new
 * user, with a first agent account. Answers the user to sign in. An address that gained an account meanwhile
 * (another sign-up, an invitation) just signs in to it.
 */
export async function createSignedUpOrganization(
  db: Db,
  email: string,
  signup: PendingSignup,
): Promise<number> {
  const existing = await findUserByEmail(db, email);
  if (existing && !existing.temporary) return existing.id;
  const reseller =
    signup.resellerId === null ? null : await loadTierAccountById(db, signup.resellerId, 'reseller');
  if (signup.resellerId !== null && !reseller) {
    throw new AppError('BAD_REQUEST', `Account ${signup.resellerId} does not take sign-ups`);
  }
  const organization = await createChildAccount(db, {
    type: 'organization',
    parent: reseller,
    name: signup.businessName,
    email,
    ownerName: signup.name,
    externalAccountId: signup.externalAccountId,
  });
  await createChildAccount(db, { type: 'agent', parent: organization, name: `${signup.businessName} Agent` });
  const owner = await findUserByEmail(db, email);
  if (!owner) throw new Error(`the sign-up of ${email} created no user`);
  return owner.id;
}

import { displayNameOf, normalizeUsername, usernameProblem } from '@switchboard/core';
import { socialLinkSchema } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccountByUsername, updateAccountRow, usernameTaken, type AccountRow } from './accounts.repo';
import { normalizeSocialLinks, type SocialLink } from './social-links';

// Sessions without an account of their own answer these names (guest-12, user-34); no account may take one.
const reservedUsername = /^(guest|user)-\d+$/;

const storedLinks = (value: unknown[]): SocialLink[] =>
  value.flatMap((item) => {
    const parsed = socialLinkSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });

/** What anyone may see of an account; disabled and deleted accounts are not found. */
export async function getPublicProfile(db: Db, username: string) {
  const account = await findAccountByUsername(db, normalizeUsername(username));
  if (!account || !account.enabled || account.deletedAt) {
    throw new AppError('NOT_FOUND', 'No account matches params.username');
  }
  const description = account.details.description;
  return {
    success: true as const,
    account: {
      id: account.id,
      username: account.username,
      displayName: displayNameOf(account),
      accountType: account.accountType,
      profileImage: account.profileImage,
      socialLinks: storedLinks(account.socialLinks),
      socialLinksPosition: account.socialLinksPosition,
      description: typeof description === 'string' && description.trim() !== '' ? description : null,
    },
  };
}

/** Replaces the account's social links (URLs normalized); the position stays unless a new one is given. */
export async function saveSocialLinks(
  db: Db,
  account: AccountRow,
  input: { socialLinks: SocialLink[]; socialLinksPosition?: 'top' | 'bottom' | undefined },
) {
  const socialLinks = normalizeSocialLinks(input.socialLinks);
  const row = await updateAccountRow(db, account.id, {
    socialLinks,
    ...(input.socialLinksPosition === undefined ? {} : { socialLinksPosition: input.socialLinksPosition }),
  });
  if (!row) throw new AppError('NOT_FOUND', `No account ${account.id}`);
  return { success: true as const, socialLinks, socialLinksPosition: row.socialLinksPosition };
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** Gives the account a new username: normalized, valid, and nobody else's. */
export async function changeUsername(db: Db, account: AccountRow, requested: string) {
  const username = normalizeUsername(requested);
  const problem = usernameProblem(username);
  if (problem) throw new AppError('BAD_REQUEST', problem);
  if (reservedUsername.test(username)) throw new AppError('BAD_REQUEST', 'That username is reserved');
  if (username === account.username) return { success: true as const, username };
  const taken = new AppError('CONFLICT', 'That username is taken');
  if (await usernameTaken(db, username)) throw taken;
  try {
    await updateAccountRow(db, account.id, { username });
  } catch (error) {
    // Another account took it between the check and the write.
    if (isUniqueViolation(error)) throw taken;
    throw error;
  }
  return { success: true as const, username };
}

import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount } from '../accounts/accounts.service';
import { scopeOfAccount, searchConversations } from '../inbox/conversations.service';
import { escapeLike, searchContactRows } from './contacts.repo';
import { presentContact } from './contacts.service';

export type SearchTarget = 'all' | 'contacts' | 'conversations' | 'messages';

/**
 * Searches the acting account's contacts (an agent account's include its organization's), conversations and
 * messages. Plain search matches the start of a name, number, address or word; enhanced search matches anywhere,
 * nested contact data included.
 */
export async function searchInbox(
  db: Db,
  accountId: number | null,
  input: { target: SearchTarget; phrase: string; limit: number; enhanced: boolean },
) {
  const account = accountId === null ? null : await findAccount(db, accountId);
  if (!account || account.deletedAt)
    throw new AppError('NOT_FOUND', 'This session has no account to act for');
  const phrase = escapeLike(input.phrase.trim());
  const digits = input.phrase.replace(/\D/g, '');
  const fieldPatterns = input.enhanced ? [`%${phrase}%`] : [`${phrase}%`, `% ${phrase}%`];
  // Numbers are stored as +15550100001: "555 0100" finds them by their digits.
  if (digits.length >= 3) fieldPatterns.push(input.enhanced ? `%${digits}%` : `+${digits}%`, `+1${digits}%`);
  const wants = (target: SearchTarget) => input.target === 'all' || input.target === target;

  const owners = [
    account.id,
    ...(account.organizationId && account.organizationId !== account.id ? [account.organizationId] : []),
  ];
  const contacts = wants('contacts')
    ? await searchContactRows(db, {
        accountIds: owners,
        patterns: fieldPatterns,
        inData: input.enhanced,
        limit: input.limit,
      })
    : [];
  const found = await searchConversations(db, await scopeOfAccount(db, account.id), {
    roomPatterns: wants('conversations') ? fieldPatterns : [],
    messagePatterns: wants('messages')
      ? input.enhanced
        ? [`%${phrase}%`]
        : [`${phrase}%`, `% ${phrase}%`]
      : [],
    limit: input.limit,
  });
  return {
    success: true as const,
    contacts: contacts.map(presentContact),
    rooms: found.rooms,
    messages: found.messages,
  };
}

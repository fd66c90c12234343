import { supportRequestsPerHour, type supportRequestInputSchema } from '@switchboard/contract';
import { displayNameOf } from '@switchboard/core';
import type { z } from 'zod';
import type { Actor } from '../../http/authenticator';
import { AppError, rateLimited } from '../../platform/app-error';
import type { MailProvider } from '../../providers/mail/types';
import { loadActingAccount } from '../accounts/accounts.service';
import { findUserById } from '../accounts/people.service';
import { getDomainProfile, ownProfiles, type DomainsDeps } from '../domains/domains.service';
import { findLimitingSupportRequest, insertSupportRequest } from './help.repo';

export interface HelpDeps extends DomainsDeps {
  mail: MailProvider;
}

const hourMs = 60 * 60 * 1000;

/** Mails a support request to the support address of the brand the page is served under, within the hourly limit. */
export async function sendSupportRequest(
  deps: HelpDeps,
  actor: Actor,
  accountId: number | null,
  input: z.output<typeof supportRequestInputSchema>,
) {
  const account = await loadActingAccount(deps.db, accountId);
  const limiting = await findLimitingSupportRequest(
    deps.db,
    account.id,
    new Date(Date.now() - hourMs),
    supportRequestsPerHour,
  );
  if (limiting) {
    throw rateLimited(
      `This account sent ${supportRequestsPerHour} support requests in the last hour: please wait before sending another`,
      (limiting.createdAt.getTime() + hourMs - Date.now()) / 1000,
    );
  }
  const profile = await getDomainProfile(deps, { host: input.host ?? '' });
  const to = profile.details.supportEmail ?? ownProfiles.brand.supportEmail;
  const person = await findUserById(deps.db, actor.userId);
  const from = person?.email ?? person?.phoneNumber ?? `user ${actor.userId}`;
  const text = [
    input.message,
    '',
    '--',
    `From: ${person?.name ? `${person.name} <${from}>` : from}`,
    `Account: ${displayNameOf(account)} (@${account.username}, ${account.accountType} ${account.id})`,
    `Brand: ${profile.name}${profile.domain ? ` (${profile.domain})` : ''}`,
    ...(input.page ? [`Page: ${input.page}`] : []),
    'Reply to the address above to answer.',
  ].join('\n');
  try {
    await deps.mail.send({ to, subject: `[Support] ${input.subject}`, text });
  } catch {
    throw new AppError(
      'UNAVAILABLE',
      'The message could not be sent right now; please try again in a minute',
    );
  }
  const row = await insertSupportRequest(deps.db, {
    accountId: account.id,
    userId: actor.userId,
    profileId: profile.id,
    toEmail: to,
    subject: input.subject,
    message: input.message,
  });
  return { success: true as const, requestId: row.id, sentTo: to, brand: profile.name };
}

import { displayNameOf, normalizePhoneNumber } from '@switchboard/core';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SmsProvider } from '../../providers/sms/types';
import { findAccount, findAccountByUsername } from '../accounts/accounts.service';
import { carrierErrorsOf, sendTrackedText } from '../telephony/text-delivery.service';
import { isChatMediaUrl } from './chat-media.service';
import { loadRoom, type RoomScope } from './conversations.service';
import { appendMessage, normalizeContactAddress, openRoom } from './inbox.service';
import { findRoomByContact } from './inbox.repo';
import { presentMessage, presentRoom } from './room-presenter';
import { findRoomRecord } from './room-views.repo';

type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

export const unableToStart = 'Unable to start conversation with this user.';

const smsMessagingOn = (account: AccountRow | null) => account?.settings.smsMessaging !== false;

/**
 * What an agent account lacks to start a conversation, in the order the web app asks for it (spec part 1 §4):
 * premium, then a phone number, then SMS (the account's smsEnabled and its organization's smsMessaging, on
 * unless switched off). Null when it has everything.
 */
export async function missingForNewConversation(
  db: Db,
  agent: AccountRow,
): Promise<'premium' | 'phoneNumber' | 'sms' | null> {
  if (!agent.vidaPremium) return 'premium';
  if (!agent.vidaPhoneNumber) return 'phoneNumber';
  const organization = agent.organizationId === null ? null : await findAccount(db, agent.organizationId);
  if (!agent.smsEnabled || !smsMessagingOn(agent) || !smsMessagingOn(organization)) return 'sms';
  return null;
}

async function loadAgent(db: Db, accountId: number | null): Promise<AccountRow> {
  const account = accountId === null ? null : await findAccount(db, accountId);
  if (!account || account.deletedAt)
    throw new AppError('NOT_FOUND', 'This session has no account to act for');
  if (account.accountType !== 'agent') {
    throw new AppError(
      'BAD_REQUEST',
      'Choose an agent account to start a conversation from (targetAccountId).',
    );
  }
  return account;
}

/** The room of the acting agent account with one person (a phone number), created when missing. */
export async function startConversation(db: Db, accountId: number | null, users: string[]) {
  const agent = await loadAgent(db, accountId);
  const missing = await missingForNewConversation(db, agent);
  if (missing === 'premium')
    throw new AppError('PAYMENT_REQUIRED', 'Upgrade to premium to start conversations.');
  if (missing === 'phoneNumber') {
    throw new AppError('CONFLICT', 'Choose a phone number for this agent to start conversations.');
  }
  if (missing === 'sms')
    throw new AppError('FORBIDDEN', 'SMS is not enabled for this agent: request access.');
  const [user, ...others] = users;
  if (!user || others.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `${unableToStart} A conversation holds one contact: choose one number.`,
    );
  }
  const phone = normalizePhoneNumber(user);
  if (!phone || phone === agent.vidaPhoneNumber) throw new AppError('BAD_REQUEST', unableToStart);
  const existing = await findRoomByContact(db, agent.id, phone);
  const opened = await openRoom(db, { accountId: agent.id, contactAddress: phone, channel: 'sms' });
  const room = await findRoomRecord(db, { accountId: agent.id }, opened.roomId);
  if (!room) throw new AppError('INTERNAL', unableToStart);
  return { success: true as const, roomId: room.roomId, room: presentRoom(room), created: existing === null };
}

/** The contact profile of an outside address (phone or email) for the acting account, created when missing. */
export async function createExternalProfile(
  db: Db,
  accountId: number | null,
  address: string,
  name?: string,
) {
  const account = accountId === null ? null : await findAccount(db, accountId);
  if (!account || account.deletedAt)
    throw new AppError('NOT_FOUND', 'This session has no account to act for');
  const normalized = normalizeContactAddress(address);
  if (!normalized.startsWith('+') && !normalized.includes('@')) {
    throw new AppError('BAD_REQUEST', 'address must be a phone number or an email address');
  }
  const room = await openRoom(db, {
    accountId: account.id,
    contactAddress: normalized,
    contactName: name,
    channel: normalized.startsWith('+') ? 'sms' : 'email',
  });
  return {
    success: true as const,
    profile: { id: room.contactProfileId, username: normalized, address: normalized, roomId: room.roomId },
  };
}

/**
 * A person's reply in a room: stored as the person's message, then sent to the contact by SMS from the agent's
 * number with its delivery tracked (queued, sent, delivered or failed); rooms with an email or chat contact store
 * it only.
 */
export async function sendPersonReply(
  deps: { db: Db; sms: SmsProvider; publicUrl: string },
  actor: Actor,
  scope: RoomScope,
  roomId: string,
  input: { message: string; attachments: { url: string; contentType: string }[] },
) {
  const text = input.message.trim();
  if (text === '' && input.attachments.length === 0) {
    throw new AppError('BAD_REQUEST', 'Write a message or attach a file');
  }
  const room = await loadRoom(deps.db, scope, roomId);
  if (room.blocked) throw new AppError('CONFLICT', 'This contact is blocked: unblock them to reply.');
  const bad = input.attachments.find((item) => !isChatMediaUrl(item.url));
  if (bad)
    throw new AppError('BAD_REQUEST', `attachments: ${bad.url} is not a file uploaded to /api/v1/chat/media`);
  const byPhone = room.contactAddress.startsWith('+');
  let message = await appendMessage(deps.db, {
    accountId: room.accountId,
    roomId,
    conversationUuid: room.currentUuid,
    direction: 'outbound',
    channel: byPhone ? 'sms' : room.channel,
    author: 'person',
    authorUserId: actor.userId,
    text,
    media: input.attachments,
    status: byPhone ? 'queued' : 'sent',
  });
  if (byPhone) {
    // Stored first, so the carrier's receipt and later status callbacks have a message to update.
    const agent = await findAccount(deps.db, room.accountId);
    const links = input.attachments.map((item) => `${deps.publicUrl}${item.url}`);
    message = await sendTrackedText(deps, message, {
      to: room.contactAddress,
      from: agent?.vidaPhoneNumber ?? undefined,
      text: [text, ...links].filter((part) => part !== '').join('\n'),
    });
  }
  const after = await loadRoom(deps.db, scope, roomId);
  const errors = await carrierErrorsOf(deps.db, [message]);
  return {
    success: true as const,
    message: presentMessage(message, errors.get(message.id) ?? null),
    room: presentRoom(after),
  };
}

/** Who a visitor would be texting: an agent account's public face. */
export async function messagePreview(db: Db, username: string) {
  const account = await findAccountByUsername(db, username.trim().toLowerCase());
  if (!account || account.deletedAt || account.accountType !== 'agent') {
    throw new AppError('NOT_FOUND', 'No agent matches params.username');
  }
  return {
    success: true as const,
    preview: {
      username: account.username,
      displayName: displayNameOf(account),
      profileImage: account.profileImage,
      phoneNumber: account.vidaPhoneNumber,
      acceptsMessages: account.enabled,
    },
  };
}

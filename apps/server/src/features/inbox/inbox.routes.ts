import { inboxEndpoints } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { findAccount, findAccountByUsername } from '../accounts/accounts.service';
import type { Feature } from '../feature';
import { openChatMedia, saveChatMedia } from './chat-media.service';
import { createExternalProfile, messagePreview, sendPersonReply, startConversation } from './compose.service';
import {
  blockState,
  clearActivity,
  clearNotifications,
  closeRoom,
  contactProfileOwner,
  conversationRecord,
  inboxActivity,
  listInbox,
  loadRoom,
  markUnread,
  moveRoom,
  notificationsOf,
  rateRoom,
  reactToRoom,
  roomDetail,
  scopeOfAccount,
  switchAiAgent,
  toggleBlock,
  unarchiveRoom,
  type RoomScope,
} from './conversations.service';
import { roomOwner } from './inbox.service';
import { receiveSandboxSms } from './sandbox-sms.service';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return actor;
};

const accountOfRoom = /^(\d{1,15}):\d{1,15}$/;

/** A room's own account: the route already checked that the caller may act for it. */
async function roomScope(db: Db, roomId: string): Promise<RoomScope> {
  const owner = await roomOwner(db, roomId);
  if (owner === null) throw new AppError('NOT_FOUND', 'No room matches roomId');
  return { accountId: owner };
}

async function scopeOfUsername(
  db: Db,
  username: string | undefined,
  acting: number | null,
  field: 'query.username' | 'body.username',
) {
  if (username === undefined) return scopeOfAccount(db, acting);
  const account = await findAccountByUsername(db, username.toLowerCase());
  if (!account) throw new AppError('NOT_FOUND', `No account matches ${field}`);
  return scopeOfAccount(db, account.id);
}

/** The inbox: rooms and messages, the person's replies, routing between the two inboxes, activity, sandbox SMS. */
export const inboxFeature: Feature = {
  name: 'inbox',
  ownerResolvers: ({ db }) => ({
    room: (id) =>
      typeof id === 'string' && accountOfRoom.test(id) ? roomOwner(db, id) : Promise.resolve(null),
    // GET /api/v1/conversations/:roomId takes a room id or an account id (whose inbox it lists).
    conversationTarget: async (id) => {
      const text = String(id);
      if (accountOfRoom.test(text)) return roomOwner(db, text);
      if (!/^\d{1,15}$/.test(text)) return null;
      const account = await findAccount(db, Number(text));
      return account && !account.deletedAt ? account.id : null;
    },
    contactProfile: async (id) => {
      const profileId = Number(id);
      if (!Number.isSafeInteger(profileId)) return null;
      return contactProfileOwner(db, profileId);
    },
  }),
  registerRoutes({ app, implement, db, sms, storage, runtime, logger, config }) {
    const running = new Set<Promise<unknown>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });
    const inBackground = (work: Promise<unknown>) => {
      running.add(work);
      void work.finally(() => running.delete(work));
    };
    const replyDeps = { db, sms, publicUrl: config.publicUrl };

    implement(inboxEndpoints)({
      conversations: async ({ query, ctx }) =>
        listInbox(db, await scopeOfAccount(db, ctx.accountId), 'priority', query),
      agentConversations: async ({ query, ctx }) =>
        listInbox(db, await scopeOfAccount(db, ctx.accountId), 'agent', query),
      agentConversationsOf: async ({ params, query }) =>
        listInbox(db, await scopeOfAccount(db, params.id), 'agent', query),
      conversation: async ({ params, query }) => {
        if (!params.roomId.includes(':')) {
          return listInbox(db, await scopeOfAccount(db, Number(params.roomId)), 'priority', query);
        }
        return roomDetail(db, await roomScope(db, params.roomId), params.roomId, {
          limit: query.limit,
          before: query.before ?? null,
        });
      },
      sendMessage: async ({ params, body, ctx }) =>
        sendPersonReply(
          replyDeps,
          signedIn(ctx.actor),
          await roomScope(db, params.roomId),
          params.roomId,
          body,
        ),
      conversationRecord: async ({ params }) =>
        conversationRecord(db, await roomScope(db, params.roomId), params.roomId, params.uuid),
      closeConversation: async ({ body }) => ({
        success: true,
        room: await closeRoom(db, await roomScope(db, body.roomId), body.roomId),
      }),
      unarchiveConversation: async ({ body }) => ({
        success: true,
        room: await unarchiveRoom(db, await roomScope(db, body.roomId), body.roomId),
      }),
      moveConversation: async ({ params, body }) => ({
        success: true,
        room: await moveRoom(db, await roomScope(db, params.roomId), params.roomId, body.inbox),
      }),
      getGroupConversationRoomId: ({ body, ctx }) => startConversation(db, ctx.accountId, body.users),
      createExternalDestinationProfile: ({ body, ctx }) =>
        createExternalProfile(db, ctx.accountId, body.address, body.name),
      getAiAgentEnabled: async ({ params }) => {
        const room = await loadRoom(db, await roomScope(db, params.roomId), params.roomId);
        return { success: true, aiAgentEnabled: room.aiAgentEnabled };
      },
      setAiAgentEnabled: async ({ params, body }) => {
        const room = await switchAiAgent(
          db,
          await roomScope(db, params.roomId),
          params.roomId,
          body.aiAgentEnabled,
        );
        return { success: true, aiAgentEnabled: room.aiAgentEnabled, room };
      },
      rateConvo: async ({ body }) => ({
        success: true,
        room: await rateRoom(db, await roomScope(db, body.roomId), body.roomId, body.rating),
      }),
      addReaction: async ({ body }) => ({
        success: true,
        room: await reactToRoom(db, await roomScope(db, body.roomId), body.roomId, body.reaction),
      }),
      removeReaction: async ({ body }) => ({
        success: true,
        room: await reactToRoom(db, await roomScope(db, body.roomId), body.roomId, null),
      }),
      block: async ({ body, ctx }) => {
        const scope = await scopeOfAccount(db, ctx.accountId);
        if (!('accountId' in scope)) {
          throw new AppError(
            'BAD_REQUEST',
            'Block from an agent account (targetAccountId): rooms belong to agents.',
          );
        }
        return toggleBlock(db, scope.accountId, body.targetUsername, body.blocked);
      },
      getBlock: async ({ params }) =>
        blockState(db, await contactProfileOwner(db, params.userId), params.userId),
      uploadChatMedia: ({ ctx }) => saveChatMedia(storage, ctx.request),
      getChatMedia: async ({ params, ctx }) => {
        const media = await openChatMedia(storage, params.name);
        ctx.reply
          .type(media.contentType)
          .header('content-length', media.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox");
        return media.body;
      },
      messagePreview: ({ params }) => messagePreview(db, params.username),
      activity: async ({ query, ctx }) =>
        inboxActivity(db, await scopeOfAccount(db, ctx.accountId), 'priority', query.simple),
      activityAgent: async ({ query, ctx }) =>
        inboxActivity(db, await scopeOfAccount(db, ctx.accountId), 'agent', query.simple),
      clearActivity: async ({ body, ctx }) => ({
        success: true,
        cleared: await clearActivity(
          db,
          await scopeForClear(db, body, ctx.accountId),
          'priority',
          body.clear ?? null,
        ),
      }),
      clearActivityAgent: async ({ body, ctx }) => ({
        success: true,
        cleared: await clearActivity(
          db,
          await scopeForClear(db, body, ctx.accountId),
          'agent',
          body.clear ?? null,
        ),
      }),
      markUnread: async ({ body }) => ({
        success: true,
        room: await markUnread(db, await roomScope(db, body.roomId), body.roomId),
      }),
      notifications: async ({ query, ctx }) =>
        notificationsOf(db, await scopeOfUsername(db, query.username, ctx.accountId, 'query.username')),
      clearNotifications: async ({ body, ctx }) => {
        if (body.clear === undefined && body.clearAll !== true) {
          throw new AppError('BAD_REQUEST', 'Send clear (a notification id) or clearAll: true');
        }
        return clearNotifications(
          db,
          await scopeOfUsername(db, body.username, ctx.accountId, 'body.username'),
          body.clear ?? null,
        );
      },
      sandboxInboundSms: async ({ body, ctx }) => {
        const answer = await receiveSandboxSms({ db, sms, runtime, logger, inBackground }, body);
        ctx.reply.code(202);
        return answer;
      },
    });
  },
};

async function scopeForClear(
  db: Db,
  body: { clear?: string | undefined; clearAll?: boolean | undefined },
  acting: number | null,
): Promise<RoomScope> {
  if (body.clear === undefined && body.clearAll !== true) {
    throw new AppError('BAD_REQUEST', 'Send clear (a room id) or clearAll: true');
  }
  return body.clear === undefined ? scopeOfAccount(db, acting) : roomScope(db, body.clear);
}

import { inboxEndpoints } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
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
} from './conversations.service';
import {
  agentAccountForBlock,
  ownerOfContactProfile,
  ownerOfConversationTarget,
  ownerOfRoomId,
  roomScope,
  scopeForClear,
  scopeForNotificationClear,
  scopeOfUsername,
} from './room-scope.service';
import { receiveSandboxSms } from './sandbox-sms.service';

const signedIn = (actor: Actor | null): Actor => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return actor;
};

/** The inbox: rooms and messages, the person's replies, routing between the two inboxes, activity, sandbox SMS. */
export const inboxFeature: Feature = {
  name: 'inbox',
  ownerResolvers: ({ db }) => ({
    room: (id) => ownerOfRoomId(db, id),
    conversationTarget: (id) => ownerOfConversationTarget(db, id),
    contactProfile: (id) => ownerOfContactProfile(db, id),
  }),
  registerRoutes({ implement, db, sms, storage, runtime, background, config }) {
    const replyDeps = { db, sms, publicUrl: config.publicUrl };
    const inRoom = (roomId: string) => roomScope(db, roomId);
    const ofAccount = (accountId: number | null) => scopeOfAccount(db, accountId);

    implement(inboxEndpoints)({
      conversations: async ({ query, ctx }) =>
        listInbox(db, await ofAccount(ctx.accountId), 'priority', query),
      agentConversations: async ({ query, ctx }) =>
        listInbox(db, await ofAccount(ctx.accountId), 'agent', query),
      agentConversationsOf: async ({ params, query }) =>
        listInbox(db, await ofAccount(params.id), 'agent', query),
      conversation: async ({ params, query }) => {
        if (!params.roomId.includes(':')) {
          return listInbox(db, await ofAccount(Number(params.roomId)), 'priority', query);
        }
        return roomDetail(db, await inRoom(params.roomId), params.roomId, {
          limit: query.limit,
          before: query.before ?? null,
        });
      },
      sendMessage: async ({ params, body, ctx }) =>
        sendPersonReply(replyDeps, signedIn(ctx.actor), await inRoom(params.roomId), params.roomId, body),
      conversationRecord: async ({ params }) =>
        conversationRecord(db, await inRoom(params.roomId), params.roomId, params.uuid),
      closeConversation: async ({ body }) => ({
        success: true,
        room: await closeRoom(db, await inRoom(body.roomId), body.roomId),
      }),
      unarchiveConversation: async ({ body }) => ({
        success: true,
        room: await unarchiveRoom(db, await inRoom(body.roomId), body.roomId),
      }),
      moveConversation: async ({ params, body }) => ({
        success: true,
        room: await moveRoom(db, await inRoom(params.roomId), params.roomId, body.inbox),
      }),
      getGroupConversationRoomId: ({ body, ctx }) => startConversation(db, ctx.accountId, body.users),
      createExternalDestinationProfile: ({ body, ctx }) =>
        createExternalProfile(db, ctx.accountId, body.address, body.name),
      getAiAgentEnabled: async ({ params }) => {
        const room = await loadRoom(db, await inRoom(params.roomId), params.roomId);
        return { success: true, aiAgentEnabled: room.aiAgentEnabled };
      },
      setAiAgentEnabled: async ({ params, body }) => {
        const room = await switchAiAgent(db, await inRoom(params.roomId), params.roomId, body.aiAgentEnabled);
        return { success: true, aiAgentEnabled: room.aiAgentEnabled, room };
      },
      rateConvo: async ({ body }) => ({
        success: true,
        room: await rateRoom(db, await inRoom(body.roomId), body.roomId, body.rating),
      }),
      addReaction: async ({ body }) => ({
        success: true,
        room: await reactToRoom(db, await inRoom(body.roomId), body.roomId, body.reaction),
      }),
      removeReaction: async ({ body }) => ({
        success: true,
        room: await reactToRoom(db, await inRoom(body.roomId), body.roomId, null),
      }),
      block: async ({ body, ctx }) =>
        toggleBlock(
          db,
          await agentAccountForBlock(db, ctx.accountId, body),
          body.targetUsername,
          body.blocked,
        ),
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
        inboxActivity(db, await ofAccount(ctx.accountId), 'priority', query.simple),
      activityAgent: async ({ query, ctx }) =>
        inboxActivity(db, await ofAccount(ctx.accountId), 'agent', query.simple),
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
        room: await markUnread(db, await inRoom(body.roomId), body.roomId),
      }),
      notifications: async ({ query, ctx }) =>
        notificationsOf(db, await scopeOfUsername(db, query.username, ctx.accountId, 'query.username')),
      clearNotifications: async ({ body, ctx }) =>
        clearNotifications(db, await scopeForNotificationClear(db, body, ctx.accountId), body.clear ?? null),
      sandboxInboundSms: async ({ body, ctx }) => {
        const answer = await receiveSandboxSms({ db, sms, runtime, background }, body);
        ctx.reply.code(202);
        return answer;
      },
    });
  },
};

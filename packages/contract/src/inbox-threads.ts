import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody, queryInt } from './fields';
import {
  conversationSummarySchema,
  idsFit,
  idsFitMessage,
  mediaItemSchema,
  messageSchema,
  roomDetailResponse,
  roomIdField,
  roomListPaging,
  roomListResponse,
  roomSchema,
} from './inbox-schemas';

const listDescription =
  'Lists the rooms of the acting account (an organization sees all its agent accounts), or of the account `id`. ' +
  '`unread=true` keeps rooms with unread messages only; `pagination=false` answers every room. Archived ' +
  '(closed) rooms are left out.';

const listOf = (name: 'conversations' | 'agentConversations', inbox: string) =>
  defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: `/api/v1/${name}`,
    summary: `The ${inbox} inbox: rooms newest first, 0-based pages of 20`,
    description: listDescription,
    guard: 'session',
    query: z.object(roomListPaging),
    response: roomListResponse,
  });

/** The inbox lists, a room's thread, and a person's reply in it. */
export const inboxThreadEndpoints = {
  conversations: listOf('conversations', 'priority'),
  agentConversations: listOf('agentConversations', 'agent (junk)'),
  agentConversationsOf: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/agentConversations/:id',
    summary: 'The agent (junk) inbox of the account `id`',
    description: listDescription,
    guard: 'session',
    params: z.object({ id: idField() }),
    query: z.object(roomListPaging),
    owned: { params: { id: 'account' } },
    response: roomListResponse,
  }),
  conversation: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/conversations/:roomId',
    summary:
      "A room with its latest messages, calls and collected data; or, given an account id, that account's priority inbox",
    description:
      'With a room id ("1001:1042") answers the room, its latest `limit` messages (older ones with `before`, a ' +
      'message id) and each call or thread with its log. With an account id answers the priority inbox of that ' +
      'account like GET /api/v1/conversations. Opening a room does not clear its unread count: the web app clears ' +
      'it through POST /api/v1/activity.',
    guard: 'session',
    params: z.object({
      roomId: z
        .string()
        .trim()
        .regex(/^\d{1,15}(:\d{1,15})?$/, 'must be a room id like "1001:1042" or an account id')
        .refine(idsFit, idsFitMessage),
    }),
    query: z.object({
      limit: queryInt({ min: 1, max: 500 }).default(200),
      before: queryInt({ min: 1 }).optional(),
      ...roomListPaging,
    }),
    owned: { params: { roomId: 'conversationTarget' } },
    response: z.union([roomDetailResponse, roomListResponse]),
  }),
  sendMessage: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/conversations/:roomId',
    summary: "Reply in a room as a person: stored as the person's message and sent to the contact by SMS",
    description:
      '`message` (text) and/or `attachments` (URLs from POST /api/v1/chat/media). Rooms with an email or chat ' +
      'contact store the message only. 409 when the contact is blocked.',
    guard: 'session',
    params: z.object({ roomId: roomIdField() }),
    body: z.object({
      message: z.string().max(1600).default(''),
      attachments: z.array(mediaItemSchema).max(10).default([]),
    }),
    owned: { params: { roomId: 'room' } },
    successStatus: 201,
    response: okBody({ message: messageSchema, room: roomSchema }),
  }),
  conversationRecord: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v2/conversation/:roomId/:uuid',
    summary:
      'One conversation (a call or a text thread) of a room: a one-item array with its messages or transcript',
    description:
      'Answers `[{ success, message, conversation, log }]`: `conversation` holds the messages of that uuid oldest ' +
      "first (a call's transcript lines are its voice messages), `log` the conversation log row when there is one. " +
      "404 'Failed to fetch convo' when the room has no such conversation.",
    guard: 'session',
    params: z.object({ roomId: roomIdField(), uuid: z.string().trim().min(1).max(200) }),
    owned: { params: { roomId: 'room' } },
    response: z
      .array(
        okBody({
          message: z.string(),
          roomId: z.string(),
          uuid: z.string(),
          conversation: z.array(messageSchema),
          log: conversationSummarySchema.shape.log,
        }),
      )
      .length(1),
  }),
};

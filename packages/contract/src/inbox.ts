import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, maxDatabaseInteger, okBody, queryBool, queryInt } from './fields';

export const inboxNameSchema = z.enum(['priority', 'agent']);
export const channelSchema = z.enum(['sms', 'voice', 'chat', 'email']);

// Both halves of a room id are stored as PostgreSQL integers.
const idsFit = (text: string) => text.split(':').every((part) => Number(part) <= maxDatabaseInteger);
const idsFitMessage = `holds an id larger than ${maxDatabaseInteger}`;

/** A room id: "{agent account id}:{contact profile id}". */
export const roomIdField = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,15}:\d{1,15}$/, 'must be a room id like "1001:1042"')
    .refine(idsFit, idsFitMessage);

export const mediaItemSchema = z.object({ url: z.string(), contentType: z.string() });

/** A conversation (room) as the inbox lists it. */
export const roomSchema = z.object({
  roomId: z.string(),
  /** The same id under the spec's older name. */
  room: z.string(),
  /** The agent account the room belongs to. */
  accountId: z.number().int(),
  /** The contact profile id (the other party). */
  id: z.number().int(),
  /** The other party's address: an E.164 phone number, an email address or a chat visitor id. */
  username: z.string(),
  /** The name to show: the linked contact's, else the caller's, else the formatted address. */
  name: z.string(),
  contact: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  callerName: z.string().nullable(),
  channel: channelSchema,
  inbox: inboxNameSchema,
  inboxPinned: z.boolean(),
  lastMessage: z.string().nullable(),
  /** Epoch seconds of the last message, null for a room without messages. */
  lastMessageTimestamp: z.number().int().nullable(),
  unread: z.number().int(),
  uuid: z.string().nullable(),
  /** The last message was the agent's. */
  isAgent: z.boolean(),
  aiAgentEnabled: z.boolean(),
  rating: z.number().int().nullable(),
  reaction: z.string().nullable(),
  blocked: z.boolean(),
  spam: z.boolean(),
  attention: z.enum(['transfer', 'messageRequest']).nullable(),
  closed: z.boolean(),
  unregistered: z.literal(true),
  createdAt: z.string(),
});

export type RoomView = z.infer<typeof roomSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  roomId: z.string(),
  uuid: z.string().nullable(),
  message: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  source: channelSchema,
  author: z.enum(['contact', 'agent', 'person']),
  authorUserId: z.number().int().nullable(),
  attachments: z.array(mediaItemSchema),
  status: z.enum(['received', 'queued', 'sent', 'delivered', 'failed']),
  /** Epoch seconds. */
  timestamp: z.number().int(),
  date: z.string(),
});

export type MessageView = z.infer<typeof messageSchema>;

/** One call or text thread of a room, with what its log recorded. */
export const conversationSummarySchema = z.object({
  uuid: z.string(),
  channel: channelSchema.nullable(),
  startedAt: z.string(),
  log: z
    .object({
      direction: z.enum(['inbound', 'outbound']),
      duration: z.number().int(),
      transfer: z.string().nullable(),
      appointmentBooked: z.boolean(),
      collectedData: z.record(z.string(), z.unknown()),
      fromNumber: z.string().nullable(),
      toNumber: z.string().nullable(),
      cnam: z.string().nullable(),
    })
    .nullable(),
});

const paging = {
  page: queryInt({ min: 0 }).default(0),
  pageSize: queryInt({ min: 1, max: 100 }).default(20),
  pagination: queryBool().default(true),
  unread: queryBool().default(false),
};

export const roomListResponse = okBody({
  rooms: z.array(roomSchema),
  totalRooms: z.number().int(),
  pageSize: z.number().int(),
  pageNumber: z.number().int(),
});

export const roomDetailResponse = okBody({
  room: roomSchema,
  messages: z.array(messageSchema),
  conversations: z.array(conversationSummarySchema),
  /** More (older) messages exist before the first one returned. */
  hasMore: z.boolean(),
});

const roomBody = z.object({ roomId: roomIdField() });
const roomOwned = { body: { roomId: 'room' } } as const;
// One of clear or clearAll is needed; the handler says so (a 400) after the tenant checks.
const activityBody = z.object({
  /** The room whose activity is cleared. */
  clear: roomIdField().optional(),
  clearAll: z.boolean().optional(),
});
const activityQuery = z.object({ simple: queryBool().default(false) });
const activityResponse = okBody({
  count: z.number().int(),
  rooms: z.array(
    z.object({ roomId: z.string(), unread: z.number().int(), lastMessage: z.string().nullable() }),
  ),
});
const notificationSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  roomId: z.string(),
  kind: z.enum(['message', 'transfer', 'messageRequest', 'rating']),
  text: z.string(),
  date: z.string(),
});

export type NotificationView = z.infer<typeof notificationSchema>;

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
    query: z.object(paging),
    response: roomListResponse,
  });

export const inboxEndpoints = {
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
    query: z.object(paging),
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
      ...paging,
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
  closeConversation: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/closeConversation',
    summary: 'Archive a room: it leaves both inboxes until the contact writes again or it is unarchived',
    guard: 'session',
    body: roomBody,
    owned: roomOwned,
    response: okBody({ room: roomSchema }),
  }),
  unarchiveConversation: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/unarchiveConversation',
    summary: 'Bring an archived room back to its inbox',
    guard: 'session',
    body: roomBody,
    owned: roomOwned,
    response: okBody({ room: roomSchema }),
  }),
  moveConversation: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/conversations/:roomId/inbox',
    summary:
      'Move a room to the priority or the agent (junk) inbox; the choice sticks over automatic routing',
    description: '`inbox: null` hands the room back to automatic routing (docs/inbox-routing.md).',
    guard: 'session',
    params: z.object({ roomId: roomIdField() }),
    body: z.object({ inbox: inboxNameSchema.nullable() }),
    owned: { params: { roomId: 'room' } },
    response: okBody({ room: roomSchema }),
  }),
  getGroupConversationRoomId: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/getGroupConversationRoomId',
    summary: 'The room of the acting agent account with the given people (a phone number or email address)',
    description:
      'Starting a conversation needs premium (vidaPremium), a phone number on the agent (vidaPhoneNumber) and SMS ' +
      "enabled, checked in that order (402, 409, 403). 400 'Unable to start conversation with this user.' when " +
      'the address cannot be reached. Rooms hold one contact, so `users` names exactly one.',
    guard: 'session',
    body: z.object({ users: z.array(z.string().trim().min(1).max(254)).min(1, 'name who to talk to') }),
    response: okBody({ roomId: z.string(), room: roomSchema, created: z.boolean() }),
  }),
  createExternalDestinationProfile: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/createExternalDestinationProfile',
    summary: 'The contact profile (and room) of an outside address, created when missing',
    guard: 'session',
    body: z.object({
      address: z.string().trim().min(1, 'is required').max(254),
      name: z.string().trim().max(120).optional(),
    }),
    successStatus: 201,
    response: okBody({
      profile: z.object({
        id: z.number().int(),
        username: z.string(),
        address: z.string(),
        roomId: z.string(),
      }),
    }),
  }),
  getAiAgentEnabled: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/conversations/:roomId/aiAgentEnabled',
    summary: 'Whether the agent answers in this room',
    guard: 'session',
    params: z.object({ roomId: roomIdField() }),
    owned: { params: { roomId: 'room' } },
    response: okBody({ aiAgentEnabled: z.boolean() }),
  }),
  setAiAgentEnabled: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/conversations/:roomId/aiAgentEnabled',
    summary:
      'Switch the agent on or off in this room (for every channel with this contact) until switched back',
    guard: 'session',
    params: z.object({ roomId: roomIdField() }),
    body: z.object({ aiAgentEnabled: z.boolean() }),
    owned: { params: { roomId: 'room' } },
    response: okBody({ aiAgentEnabled: z.boolean(), room: roomSchema }),
  }),
  rateConvo: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/rateConvo',
    summary: 'Rate a conversation from 1 to 5 (null clears it); a rated room goes to the priority inbox',
    guard: 'session',
    body: z.object({ roomId: roomIdField(), rating: z.number().int().min(1).max(5).nullable() }),
    owned: roomOwned,
    response: okBody({ room: roomSchema }),
  }),
  addReaction: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/reaction',
    summary: 'React to a conversation with an emoji',
    guard: 'session',
    body: z.object({ roomId: roomIdField(), reaction: z.string().trim().min(1, 'is required').max(16) }),
    owned: roomOwned,
    response: okBody({ room: roomSchema }),
  }),
  removeReaction: defineEndpoint({
    area: 'inbox',
    method: 'DELETE',
    path: '/api/v1/reaction',
    summary: "Remove a conversation's reaction",
    guard: 'session',
    body: roomBody,
    owned: roomOwned,
    response: okBody({ room: roomSchema }),
  }),
  block: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/block',
    summary:
      "Block or unblock a contact (by their address, the room's username): toggles unless `blocked` is given",
    description:
      'A blocked contact reaches neither the agent nor the priority inbox. 404 when the acting account has no room with them.',
    guard: 'session',
    body: z.object({
      targetUsername: z.string().trim().min(1, 'is required').max(254),
      blocked: z.boolean().optional(),
    }),
    response: okBody({ blocked: z.boolean(), room: roomSchema }),
  }),
  getBlock: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/block/:userId',
    summary: "Whether a contact profile (a room's id) is blocked",
    guard: 'session',
    params: z.object({ userId: idField() }),
    owned: { params: { userId: 'contactProfile' } },
    response: okBody({ blocked: z.boolean() }),
  }),
  uploadChatMedia: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/chat/media',
    summary: 'Upload a file to send in a conversation',
    description:
      'multipart/form-data with one file in the field "file" (or "media"): an image (PNG, JPEG, WebP, GIF), a PDF, ' +
      'or audio (MP3, WAV, OGG), at most 10 MB, recognized by content. Answers the URL to pass as an attachment.',
    guard: 'session',
    successStatus: 201,
    response: okBody({ url: z.string(), contentType: z.string(), size: z.number().int() }),
  }),
  getChatMedia: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/chat/media/:name',
    summary: 'A file uploaded through POST /api/v1/chat/media',
    guard: 'public',
    params: z.object({ name: z.string().min(1).max(200) }),
    produces: 'file',
    response: z.unknown(),
  }),
  messagePreview: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/messages/:username',
    summary: "Public preview of who a visitor would be texting: the agent's name, picture and number",
    guard: 'public',
    params: z.object({ username: z.string().trim().min(1).max(64) }),
    response: okBody({
      preview: z.object({
        username: z.string(),
        displayName: z.string(),
        profileImage: z.string().nullable(),
        phoneNumber: z.string().nullable(),
        acceptsMessages: z.boolean(),
      }),
    }),
  }),
  activity: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/activity',
    summary:
      'Unread activity of the priority inbox: the number of rooms with unread messages (and the rooms unless simple)',
    guard: 'session',
    query: activityQuery,
    response: activityResponse,
  }),
  clearActivity: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/activity',
    summary: "Clear the priority inbox's activity of one room (clear) or of all rooms (clearAll)",
    guard: 'session',
    body: activityBody,
    owned: { body: { clear: 'room' } },
    response: okBody({ cleared: z.number().int() }),
  }),
  activityAgent: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/activityAgent',
    summary: 'Unread activity of the agent (junk) inbox',
    guard: 'session',
    query: activityQuery,
    response: activityResponse,
  }),
  clearActivityAgent: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/activityAgent',
    summary: "Clear the agent inbox's activity of one room (clear) or of all rooms (clearAll)",
    guard: 'session',
    body: activityBody,
    owned: { body: { clear: 'room' } },
    response: okBody({ cleared: z.number().int() }),
  }),
  markUnread: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/activity/markUnread',
    summary: 'Mark a room unread again',
    guard: 'session',
    body: roomBody,
    owned: roomOwned,
    response: okBody({ room: roomSchema }),
  }),
  notifications: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/notifications',
    summary: 'What a person should look at (priority messages, transfer and message requests), newest first',
    description:
      'Of the acting account, or of the account `username`; an organization sees its agent accounts.',
    guard: 'session',
    query: z.object({ username: z.string().trim().min(1).max(64).optional() }),
    owned: { query: { username: 'accountUsername' } },
    response: okBody({ notifications: z.array(notificationSchema), count: z.number().int() }),
  }),
  clearNotifications: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/notifications',
    summary: 'Clear one notification (clear, its id) or all of them (clearAll)',
    guard: 'session',
    body: z.object({
      username: z.string().trim().min(1).max(64).optional(),
      clear: z.number().int().min(1).optional(),
      clearAll: z.boolean().optional(),
    }),
    owned: { body: { username: 'accountUsername' } },
    response: okBody({ cleared: z.number().int() }),
  }),
  sandboxInboundSms: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/sandbox/sms/inbound',
    summary:
      'Text an agent as a contact (sandbox SMS): stored in the room, answered by the agent when it is on',
    description:
      "`to` is the agent's number or username, `from` the contact's phone number. Answers 202 (accepted) at once; the " +
      "agent's reply lands in the sandbox outbox (GET /api/dev/outbox?to=<from>). Exists only while SMS uses " +
      'the sandbox provider; otherwise 404.',
    guard: 'public',
    body: z.object({
      to: z.string().trim().min(1, 'is required').max(64),
      from: z.string().trim().min(1, 'is required').max(32),
      text: z.string().trim().min(1, 'is required').max(1600),
    }),
    response: okBody({ accepted: z.literal(true), agent: z.string(), from: z.string() }),
  }),
};

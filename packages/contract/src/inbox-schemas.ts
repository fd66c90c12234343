import { z } from 'zod';
import { maxDatabaseInteger, okBody, queryBool, queryInt } from './fields';

export const inboxNameSchema = z.enum(['priority', 'agent']);
export const channelSchema = z.enum(['sms', 'voice', 'chat', 'email']);

// Both halves of a room id are stored as PostgreSQL integers.
export const idsFit = (text: string) => text.split(':').every((part) => Number(part) <= maxDatabaseInteger);
export const idsFitMessage = `holds an id larger than ${maxDatabaseInteger}`;

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
  /**
   * Why a failed text was not delivered, as the carrier said: its error code (Twilio's ErrorCode, e.g. "30003")
   * and a short sentence. Null unless the status is failed.
   */
  carrierError: z.object({ code: z.string().nullable(), message: z.string() }).nullable(),
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
      /** The knowledge-base pages the agent answered from, in the order it used them. */
      sources: z.array(z.object({ title: z.string(), url: z.string() })).default([]),
    })
    .nullable(),
});

/** The paging query of every room list. */
export const roomListPaging = {
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

export const roomBody = z.object({ roomId: roomIdField() });
export const roomOwned = { body: { roomId: 'room' } } as const;

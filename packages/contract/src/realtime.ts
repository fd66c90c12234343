import { z } from 'zod';
import { messageSchema, roomSchema } from './inbox';

/** The WebSocket a signed-in viewer opens for live updates (`?token=` and optional `targetAccountId=`). */
export const realtimePath = '/api/realtime';

export const inboxActivitySchema = z.object({
  accountId: z.number().int(),
  /** Rooms with unread messages in each inbox. */
  priority: z.number().int(),
  agent: z.number().int(),
});

/**
 * What the server pushes on /api/realtime. The viewer receives the events of the account it acts for and, for an
 * organization, of its agent accounts; never another tenant's.
 */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), accountId: z.number().int() }),
  z.object({
    type: z.literal('message'),
    accountId: z.number().int(),
    roomId: z.string(),
    message: messageSchema,
    room: roomSchema,
  }),
  z.object({ type: z.literal('room'), accountId: z.number().int(), roomId: z.string(), room: roomSchema }),
  z.object({ type: z.literal('activity'), ...inboxActivitySchema.shape }),
  z.object({
    type: z.literal('notification'),
    accountId: z.number().int(),
    roomId: z.string(),
    id: z.number().int(),
  }),
  /** Other areas' events ('contact': a room's contact was saved or deleted, ids roomId and contactId): ids only. */
  z.object({
    type: z.literal('event'),
    kind: z.string(),
    accountId: z.number().int(),
    ids: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
  z.object({ type: z.literal('pong') }),
]);

export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

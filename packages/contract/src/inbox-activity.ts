import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, queryBool } from './fields';
import { roomBody, roomIdField, roomOwned, roomSchema } from './inbox-schemas';

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

/** Unread activity of both inboxes and the notifications a person should look at. */
export const inboxActivityEndpoints = {
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
};

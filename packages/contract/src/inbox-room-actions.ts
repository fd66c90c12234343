import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody } from './fields';
import { inboxNameSchema, roomBody, roomIdField, roomOwned, roomSchema } from './inbox-schemas';

/** What a person does to a room: archive, move, start, switch the agent, rate, react, block. */
export const roomActionEndpoints = {
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
      "A blocked contact reaches neither the agent nor the priority inbox. It acts in the room's agent account: " +
      'the room `roomId` names, else the acting agent account, else the one agent account of the acting ' +
      'organization that has a room with the contact (400 when several do and `roomId` is missing). ' +
      '404 when no room with them is in reach.',
    guard: 'session',
    body: z.object({
      targetUsername: z.string().trim().min(1, 'is required').max(254),
      blocked: z.boolean().optional(),
      /** The room to block in (its agent account acts); needed when an organization's several agents know them. */
      roomId: roomIdField().optional(),
    }),
    owned: { body: { roomId: 'room' } },
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
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody, queryInt } from './fields';
import { messageSchema, roomSchema } from './inbox';

export const contactSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  /** Free nested data; updates merge into it (objects key by key, a null value removes the key). */
  data: z.record(z.string(), z.unknown()),
  /** The room with this contact's phone number or email, when there is one. */
  roomId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type ContactView = z.infer<typeof contactSchema>;

const contactFields = {
  name: z.string().trim().max(120).nullable().optional(),
  phoneNumber: z.string().trim().max(32).nullable().optional(),
  email: z.string().trim().max(254).nullable().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
};

export const searchTargetSchema = z.enum(['all', 'contacts', 'conversations', 'messages']);

const searchEndpoint = (path: string, summary: string) =>
  defineEndpoint({
    area: 'contacts',
    method: 'GET',
    path,
    summary,
    guard: 'session',
    params: z.object({ target: searchTargetSchema }),
    query: z.object({
      phrase: z.string().trim().min(1, 'is required').max(200),
      limit: queryInt({ min: 1, max: 100 }).default(20),
    }),
    response: okBody({
      contacts: z.array(contactSchema),
      rooms: z.array(roomSchema),
      messages: z.array(messageSchema),
    }),
  });

export const contactsEndpoints = {
  listContacts: defineEndpoint({
    area: 'contacts',
    method: 'GET',
    path: '/api/v2/contact',
    summary: "The acting account's contacts by name, 0-based pages",
    description: '`search` narrows to names, numbers and email addresses containing it.',
    guard: 'session',
    query: z.object({
      search: z.string().trim().max(200).optional(),
      page: queryInt({ min: 0 }).default(0),
      pageSize: queryInt({ min: 1, max: 100 }).default(20),
    }),
    response: okBody({
      contacts: z.array(contactSchema),
      totalContacts: z.number().int(),
      pageSize: z.number().int(),
      pageNumber: z.number().int(),
    }),
  }),
  getContact: defineEndpoint({
    area: 'contacts',
    method: 'GET',
    path: '/api/v2/contact/:id',
    summary: 'One contact',
    guard: 'session',
    params: z.object({ id: idField() }),
    owned: { params: { id: 'contact' } },
    response: okBody({ contact: contactSchema }),
  }),
  saveContact: defineEndpoint({
    area: 'contacts',
    method: 'POST',
    path: '/api/v2/contact',
    summary: 'Create a contact, or update the contact `id` (nested data merges)',
    description:
      'A contact needs a name, a phone number or an email address. The phone number is stored in E.164 (US by ' +
      'default) and links the contact to the room with that number, which moves to the priority inbox.',
    guard: 'session',
    body: z.object({ id: idField().optional(), ...contactFields }),
    owned: { body: { id: 'contact' } },
    response: okBody({ contact: contactSchema, created: z.boolean() }),
  }),
  deleteContact: defineEndpoint({
    area: 'contacts',
    method: 'DELETE',
    path: '/api/v2/contact',
    summary: 'Delete a contact',
    guard: 'session',
    body: z.object({ id: idField() }),
    owned: { body: { id: 'contact' } },
    response: okBody({ deleted: z.literal(true) }),
  }),
  search: searchEndpoint(
    '/api/v1/search/:target',
    'Search contacts, conversations and messages by the start of a name, number, address or word',
  ),
  enhancedSearch: searchEndpoint(
    '/api/v1/enhancedSearch/:target',
    'Search anywhere inside names, numbers, addresses, nested contact data and message text',
  ),
};

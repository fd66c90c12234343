import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, queryInt } from './fields';

export const outboxItemSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  text: z.string(),
  createdAt: z.string(),
});

export const outboxEndpoints = {
  listOutbox: defineEndpoint({
    area: 'outbox',
    method: 'GET',
    path: '/api/dev/outbox',
    summary: 'Mail and texts sent by the sandbox providers, newest first',
    description: 'Exists only while mail or SMS uses a sandbox provider; otherwise 404.',
    guard: 'public',
    query: z.object({
      limit: queryInt({ min: 1, max: 500 }).default(50),
      to: z.string().trim().min(1).optional(),
    }),
    response: okBody({ items: z.array(outboxItemSchema) }),
  }),
};

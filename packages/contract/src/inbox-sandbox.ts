import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';

/** The sandbox SMS network's way in: a contact texting an agent. */
export const sandboxSmsEndpoints = {
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

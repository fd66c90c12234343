import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';

/** Support requests an account may send within an hour. */
export const supportRequestsPerHour = 5;

export const supportRequestInputSchema = z.object({
  subject: z.string().trim().min(3, 'needs at least 3 characters').max(150, 'is longer than 150 characters'),
  message: z
    .string()
    .trim()
    .min(10, 'needs at least 10 characters')
    .max(5000, 'is longer than 5000 characters'),
  /** The host the page is served from: the request goes to that brand's support address. */
  host: z.string().trim().min(1).max(300).optional(),
  /** The page the person was on, to help support find what they mean. */
  page: z.string().trim().max(500).optional(),
});

export const helpEndpoints = {
  sendSupportRequest: defineEndpoint({
    area: 'help',
    method: 'POST',
    path: '/api/v2/support',
    summary: "Send a message to the support team of the page's brand",
    description:
      "The mail goes to the support address of the host's profile (the product's own for any other host), " +
      `with the sender's account and email so support can reply. At most ${supportRequestsPerHour} an hour per ` +
      'account (429 beyond).',
    guard: 'session',
    body: supportRequestInputSchema,
    successStatus: 201,
    response: okBody({ requestId: z.number().int(), sentTo: z.string(), brand: z.string() }),
  }),
};

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody, queryInt } from './fields';

/** Why a conversation is in the review queue. */
export const reviewReasons = ['platformFault', 'lowRating', 'blockedCaller', 'transferFailed'] as const;
export type ReviewReason = (typeof reviewReasons)[number];

export const callForReviewSchema = z.object({
  /** The log row's id: the queue's paging cursor. */
  id: z.number().int(),
  conversationId: z.string(),
  reasons: z.array(z.enum(reviewReasons)),
  accountId: z.number().int(),
  accountName: z.string(),
  username: z.string().nullable(),
  channel: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  fromNumber: z.string().nullable(),
  toNumber: z.string().nullable(),
  /** Start, ISO 8601. */
  timestamp: z.string(),
  durationSeconds: z.number().int(),
  endedReason: z.string().nullable(),
  /** The room's rating (1 to 5), when the account rated it. */
  rating: z.number().int().nullable(),
  /** The transfer destinations that declined or did not answer. */
  failedTransfers: z.array(z.string()),
  /** The wallet the conversation was charged to: a refund goes there. */
  payerAccountId: z.number().int().nullable(),
  payerUsername: z.string().nullable(),
  chargedUsd: z.string(),
  /** Given back already: credited back automatically after a failure on our side, and refunds from here. */
  reversedUsd: z.string(),
  refundableUsd: z.string(),
});
export type CallForReview = z.infer<typeof callForReviewSchema>;

export const adminAuditEventSchema = z.object({
  id: z.number().int(),
  actorUserId: z.number().int(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
  targetAccountId: z.number().int().nullable(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AdminAuditEvent = z.infer<typeof adminAuditEventSchema>;

export const adminEndpoints = {
  fetchCallsForReview: defineEndpoint({
    area: 'admin',
    method: 'GET',
    path: '/internal/fetchCallsForReview',
    summary:
      'Conversations flagged for review, newest first: failed on our side, rated 2 or less, with a blocked ' +
      'caller, or with a transfer that failed; each with what it was charged and what may still be refunded',
    guard: 'superAdmin',
    query: z.object({
      reason: z.enum(reviewReasons, { error: `must be one of ${reviewReasons.join(', ')}` }).optional(),
      /** Only conversations from or to this number; one of the answer's `phoneNumbers`. */
      phoneNumber: z
        .string()
        .trim()
        .regex(/^\+[1-9]\d{1,14}$/, 'must be a phone number in E.164 form, e.g. +15551234567')
        .optional(),
      /** Only conversations older than this log id (the last page's `nextBefore`). */
      before: idField().optional(),
      limit: queryInt({ min: 1, max: 200 }).default(50),
    }),
    response: okBody({
      calls: z.array(callForReviewSchema),
      /** The numbers flagged conversations were from or to, sorted: the choices of the `phoneNumber` filter. */
      phoneNumbers: z.array(z.string()),
      /** Pass as `before` for the next page; null on the last page. */
      nextBefore: z.number().int().nullable(),
    }),
  }),
  adminAuditTrail: defineEndpoint({
    area: 'admin',
    method: 'GET',
    path: '/internal/auditTrail',
    summary:
      'Every change a super admin made, newest first: who, what, when and to whom (it cannot be edited)',
    guard: 'superAdmin',
    query: z.object({
      targetAccountId: idField().optional(),
      before: idField().optional(),
      limit: queryInt({ min: 1, max: 200 }).default(50),
    }),
    response: okBody({
      events: z.array(adminAuditEventSchema),
      nextBefore: z.number().int().nullable(),
    }),
  }),
} as const;

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idField, okBody, queryInt } from './fields';

/** One number on an organization's do-not-call list: its agents' tasks never call or text it. */
export const doNotCallEntrySchema = z
  .object({
    id: z.number().int(),
    organizationId: z.number().int(),
    /** E.164. */
    phoneNumber: z.string(),
    reason: z.string().nullable(),
    /** Epoch seconds. */
    createdAt: z.number().int(),
  })
  .meta({
    examples: [
      {
        id: 7,
        organizationId: 3,
        phoneNumber: '+14155550143',
        reason: 'Asked not to be called again',
        createdAt: 1_764_000_000,
      },
    ],
  });
export type DoNotCallEntryView = z.infer<typeof doNotCallEntrySchema>;

export const doNotCallLimits = { maxNumbersPerAdd: 1000 } as const;

const numbersToAdd = z
  .array(z.string().trim().min(1, 'is empty').max(32))
  .min(1, 'needs at least one number')
  .max(
    doNotCallLimits.maxNumbersPerAdd,
    `holds at most ${doNotCallLimits.maxNumbersPerAdd} numbers at a time`,
  );

const actsForOrganization =
  'It acts for an organization (targetAccountId); an agent account acts for the organization it belongs to.';

export const doNotCallEndpoints = {
  listDoNotCall: defineEndpoint({
    area: 'tasks',
    method: 'GET',
    path: '/api/v2/tasks/do-not-call',
    summary: "The organization's do-not-call list, newest first",
    description: `${actsForOrganization} \`search\` matches digits anywhere in the number.`,
    guard: 'session',
    permission: { flag: 'canViewOrg' },
    query: z.object({
      limit: queryInt({ min: 1, max: 200 }).default(50),
      offset: queryInt({ min: 0 }).default(0),
      search: z.string().trim().max(32).optional(),
    }),
    response: okBody({ entries: z.array(doNotCallEntrySchema), total: z.number().int() }),
  }),
  addDoNotCall: defineEndpoint({
    area: 'tasks',
    method: 'POST',
    path: '/api/v2/tasks/do-not-call',
    summary: "Put numbers on the organization's do-not-call list",
    description:
      `${actsForOrganization} Numbers are stored in E.164 (US by default); one that is not a phone number ` +
      'refuses the whole request (400, naming it) and adds nothing. A number already listed keeps its entry. ' +
      'Pending tasks to a listed number end as errored (do-not-call) when their turn comes.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    body: z.object({ numbers: numbersToAdd, reason: z.string().trim().max(500).nullable().optional() }).meta({
      examples: [{ numbers: ['(415) 555-0143', '+1 212 555 0199'], reason: 'Asked not to be called' }],
    }),
    response: okBody({
      added: z.array(doNotCallEntrySchema),
      /** Numbers (E.164) that were on the list already. */
      alreadyListed: z.array(z.string()),
    }).meta({
      examples: [
        {
          success: true,
          added: [
            {
              id: 7,
              organizationId: 3,
              phoneNumber: '+14155550143',
              reason: 'Asked not to be called',
              createdAt: 1_764_000_000,
            },
          ],
          alreadyListed: ['+12125550199'],
        },
      ],
    }),
  }),
  deleteDoNotCall: defineEndpoint({
    area: 'tasks',
    method: 'DELETE',
    path: '/api/v2/tasks/do-not-call/:id',
    summary: 'Take a number off the do-not-call list',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: z.object({ id: idField() }),
    owned: { params: { id: 'doNotCallEntry' } },
    response: okBody({ entry: doNotCallEntrySchema }),
  }),
};

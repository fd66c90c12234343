import { z } from 'zod';

/**
 * Query-string fields arrive as text; these accept the typed value (what the web client passes) or its text
 * form, and fail with a message that names what was expected.
 */
export const queryInt = (options: { min?: number; max?: number } = {}) =>
  z
    .union([z.number(), z.string()])
    .transform((value, ctx) => {
      const parsed = typeof value === 'number' ? value : /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isSafeInteger(parsed)) {
        ctx.addIssue({ code: 'custom', message: `must be an integer (got "${String(value)}")` });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(
      z
        .number()
        .int()
        .min(options.min ?? Number.MIN_SAFE_INTEGER)
        .max(options.max ?? Number.MAX_SAFE_INTEGER),
    );

export const queryBool = () =>
  z
    .union([z.boolean(), z.string()])
    .transform((value, ctx) => {
      if (typeof value === 'boolean') return value;
      const text = value.trim().toLowerCase();
      if (text === 'true' || text === '1') return true;
      if (text === 'false' || text === '0' || text === '') return false;
      ctx.addIssue({ code: 'custom', message: `must be true or false (got "${value}")` });
      return z.NEVER;
    })
    .pipe(z.boolean());

/** A numeric id (accounts, users and most records share one positive integer sequence). */
export const idField = () => queryInt({ min: 1 });

/** The query parameters every signed-in call may carry (spec: token and targetAccountId travel in the query). */
export const sessionQuery = z.object({
  token: z.string().min(1).optional(),
  adminToken: z.string().min(1).optional(),
  targetAccountId: idField().optional(),
});

/** A success body: `{ success: true, ...fields }`. */
export const okBody = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ success: z.literal(true), ...shape });

export const okOnly = okBody({});

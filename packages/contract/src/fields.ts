import { z } from 'zod';

/** A rejected value as a message quotes it: enough to recognise, never a 10 kB echo of what was sent. */
export function shownInput(value: unknown, max = 40): string {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'object' && value !== null
        ? JSON.stringify(value)
        : String(value);
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

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
        ctx.addIssue({ code: 'custom', message: `must be an integer (got ${shownInput(value)})` });
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
      ctx.addIssue({ code: 'custom', message: `must be true or false (got ${shownInput(value)})` });
      return z.NEVER;
    })
    .pipe(z.boolean());

/** The largest PostgreSQL `integer`: account and user ids are stored as one. */
export const maxDatabaseInteger = 2_147_483_647;

/** A numeric id (accounts, users and most records share one positive integer sequence). */
export const idField = () => queryInt({ min: 1, max: maxDatabaseInteger });

/** The last second of the year 9999: later instants are beyond what a JS Date and PostgreSQL both hold. */
export const maxEpochSeconds = 253_402_300_799;

/** A point in time as epoch seconds (log and metric windows). */
export const epochSecondsField = () => queryInt({ min: 0, max: maxEpochSeconds });

/** A point in time as epoch milliseconds. */
export const epochMillisecondsField = () => queryInt({ min: 0, max: maxEpochSeconds * 1000 + 999 });

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

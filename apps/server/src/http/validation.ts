import type { z } from 'zod';
import { AppError } from '../platform/app-error';

export type RequestPart = 'params' | 'query' | 'body';

const describe = (issue: z.core.$ZodIssue): string => {
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return 'is required';
  return issue.message.replace(/^Invalid input: /, '');
};

/** Parses one part of a request; a failure is a 400 whose message names every bad field. */
export function parsePart<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    field: [part, ...issue.path.map(String)].join('.'),
    message: describe(issue),
  }));
  throw new AppError(
    'VALIDATION_FAILED',
    issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
    { issues },
  );
}

import type { z } from 'zod';
import { AppError } from '../platform/app-error';

export type RequestPart = 'params' | 'query' | 'body';

interface FieldIssue {
  field: string;
  message: string;
}

const describe = (issue: z.core.$ZodIssue): string => {
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return 'is required';
  return issue.message.replace(/^Invalid input: /, '');
};

const plainKey = /^[A-Za-z0-9_$-]{1,64}$/;

/** A field's path as a message shows it; a key that is not a plain name is quoted and cut short, never echoed whole. */
export function fieldPath(part: string, path: readonly PropertyKey[]): string {
  return [
    part,
    ...path.map((key) => {
      const text = String(key);
      if (plainKey.test(text)) return text;
      const shown = JSON.stringify(text.slice(0, 32));
      return text.length > 32 ? `${shown.slice(0, -1)}…"` : shown;
    }),
  ].join('.');
}

/**
 * The strings (and keys) holding a NUL character, which PostgreSQL cannot store. Walked with a stack, not recursion,
 * so a deep value cannot overflow it; the JSON parser has already bounded the depth of bodies.
 */
export function nulCharacterIssues(value: unknown, part: string, limit = 20): FieldIssue[] {
  // Each entry knows its parent, so a path is only built for what is reported.
  interface Entry {
    value: unknown;
    key: string | null;
    parent: Entry | null;
  }
  const issues: FieldIssue[] = [];
  const pathOf = (entry: Entry, key: string | null): string[] => {
    const path = key === null ? [] : [key];
    for (let at: Entry | null = entry; at?.key != null; at = at.parent) path.unshift(at.key);
    return path;
  };
  const report = (path: string[]) =>
    issues.push({ field: fieldPath(part, path), message: 'must not contain a NUL character' });
  const stack: Entry[] = [{ value, key: null, parent: null }];
  for (let current = stack.pop(); current && issues.length < limit; current = stack.pop()) {
    if (typeof current.value === 'string') {
      if (current.value.includes('\u0000')) report(pathOf(current, null));
      continue;
    }
    if (current.value === null || typeof current.value !== 'object') continue;
    // Reversed onto the stack, so issues come out in the order of the input.
    for (const [key, child] of Object.entries(current.value as Record<string, unknown>).reverse()) {
      if (key.includes('\u0000')) report(pathOf(current, key));
      else stack.push({ value: child, key, parent: current });
    }
  }
  return issues;
}

/** Parses one part of a request; a failure is a 400 whose message names every bad field. */
export function parsePart<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  // Checked on the raw input, so fields a handler reads beside the schema (log filters) are covered too.
  const nul = nulCharacterIssues(value, part);
  const result = schema.safeParse(value);
  if (result.success && nul.length === 0) return result.data;
  const named = new Set(nul.map((issue) => issue.field));
  const issues = [
    ...nul,
    ...(result.success ? [] : result.error.issues)
      .map((issue) => ({ field: fieldPath(part, issue.path), message: describe(issue) }))
      .filter((issue) => !named.has(issue.field)),
  ];
  throw new AppError(
    'VALIDATION_FAILED',
    issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
    { issues },
  );
}

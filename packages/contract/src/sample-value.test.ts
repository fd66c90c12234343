import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sampleFor, sampleValue } from './sample-value';

describe('sampleValue', () => {
  it('fills only required fields unless asked for all', () => {
    const schema = z.object({ name: z.string(), note: z.string().optional(), count: z.number().default(3) });
    expect(sampleValue(schema)).toEqual({ name: 'sample' });
    expect(sampleValue(schema, { fields: 'all' })).toEqual({ name: 'sample', note: 'sample', count: 3 });
    expect(sampleValue(schema, { io: 'output' })).toEqual({ name: 'sample', count: 3 });
  });

  it('keeps strings and numbers inside their bounds and patterns', () => {
    const schema = z.object({
      code: z.string().regex(/^\d{6}$/),
      room: z.string().regex(/^\d{1,15}:\d{1,15}$/),
      time: z.string().regex(/^\d{2}:\d{2}$/),
      short: z.string().max(3),
      long: z.string().min(10),
      email: z.email(),
      link: z.url(),
      small: z.number().int().min(-5).max(0),
      ratio: z.number().gt(0).lt(1),
      tags: z.array(z.string()).min(2),
    });
    const value = sampleValue(schema);
    expect(schema.safeParse(value).success).toBe(true);
  });

  it('prefers a declared example, then the default, then the first choice', () => {
    const schema = z.object({
      site: z.string().meta({ examples: ['https://example.com'] }),
      level: z.enum(['low', 'high']),
      mode: z.enum(['a', 'b']).default('b'),
      either: z.union([z.null(), z.boolean()]),
    });
    expect(sampleValue(schema, { fields: 'all' })).toEqual({
      site: 'https://example.com',
      level: 'low',
      mode: 'b',
      either: true,
    });
  });

  it('shows one entry of a record, and the items of a tuple', () => {
    const schema = z.object({
      counts: z.record(z.string(), z.number()),
      pair: z.tuple([z.string(), z.number()]),
    });
    const value = sampleValue(schema, { io: 'output', fields: 'all' });
    expect(value).toEqual({ counts: { sample: 1 }, pair: ['sample', 1] });
    expect(schema.safeParse(value).success).toBe(true);
  });
});

describe('sampleFor', () => {
  it('answers an object for object schemas and nothing without a schema', () => {
    expect(sampleFor(undefined)).toBeUndefined();
    expect(sampleFor(z.object({ id: z.number().int().min(1) }))).toEqual({ id: 1 });
    expect(sampleFor(z.string())).toEqual({});
  });
});

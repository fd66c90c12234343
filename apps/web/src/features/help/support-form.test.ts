import { describe, expect, it } from 'vitest';
import { pageForSupport } from './support-form-overlay';

describe('pageForSupport', () => {
  it('keeps the path and query but never a credential', () => {
    expect(pageForSupport('/app/org/3/inbox', '?filter=priority&form=true')).toBe(
      '/app/org/3/inbox?filter=priority&form=true',
    );
    expect(pageForSupport('/app/embed', '?authToken=secret&email=a%40b.c&token=t&adminToken=x')).toBe(
      '/app/embed?email=a%40b.c',
    );
    expect(pageForSupport('/app', '')).toBe('/app');
    expect(pageForSupport(`/app/${'x'.repeat(600)}`, '').length).toBe(500);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@switchboard/testing';
import { pageVisits } from '@switchboard/db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports the database kind and that every migration is applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      database: {
        kind: string;
        reachable: boolean;
        migrations: { pending: string[]; upToDate: boolean; applied: number };
      };
    }>();
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.reachable).toBe(true);
    expect(body.database.migrations.pending).toEqual([]);
    expect(body.database.migrations.upToDate).toBe(true);
    expect(body.database.migrations.applied).toBeGreaterThan(0);
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('keeps a sane incoming request id and replaces a malformed one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\n');
  });
});

describe('POST /api/v1/ipCorrelator', () => {
  it('records the page, referrer and caller address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ipCorrelator',
      payload: { page: '/pricing', ref: 'newsletter' },
      headers: { 'user-agent': 'vitest' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const rows = await t.db.select().from(pageVisits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      page: '/pricing',
      ref: 'newsletter',
      ip: '127.0.0.1',
      userAgent: 'vitest',
    });
  });

  it('answers 400 naming the missing field, and writes nothing', async () => {
    const before = (await t.db.select().from(pageVisits)).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ipCorrelator',
      payload: { ref: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'body.page: is required',
    });
    expect((await t.db.select().from(pageVisits)).length).toBe(before);
  });

  it('answers 400 for a body of the wrong type and for no body at all', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ipCorrelator',
      payload: { page: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ message: string }>().message).toMatch(/^body\.page: expected string/);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ipCorrelator',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/^body: /);
  });
});

describe('the generated API description', () => {
  it('serves OpenAPI built from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { tags: string[]; requestBody?: unknown }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/health']?.get?.tags).toEqual(['platform']);
    expect(document.paths['/api/v1/ipCorrelator']?.post?.requestBody).toBeDefined();
  });

  it('renders the docs page with its assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/assets/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/init.js' });
    expect(init.body).toContain("url: '/api/openapi.json'");
  });
});

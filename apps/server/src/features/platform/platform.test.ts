import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type ApiClient, type KitApp } from '@switchboard/testing';
import { pageVisits } from '@switchboard/db';

let kit: KitApp;
let visitor: ApiClient;
beforeAll(async () => {
  kit = await startApp({ seed: 'empty' });
  visitor = kit.client();
});
afterAll(() => kit.close());

describe('GET /api/health', () => {
  it('reports the database kind and that every migration is applied', async () => {
    const response = await visitor.get<{
      database: {
        kind: string;
        reachable: boolean;
        migrations: { pending: string[]; upToDate: boolean; applied: number };
      };
    }>('/api/health');
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.database.reachable).toBe(true);
    expect(body.database.migrations.pending).toEqual([]);
    expect(body.database.migrations.upToDate).toBe(true);
    expect(body.database.migrations.applied).toBeGreaterThan(0);
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('keeps a sane incoming request id and replaces a malformed one', async () => {
    const kept = await visitor.get('/api/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await visitor.get('/api/health', { headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers['x-request-id']).not.toBe('bad id\n');
  });
});

describe('POST /api/v1/ipCorrelator', () => {
  it('records the page, referrer and caller address', async () => {
    const response = await visitor.post(
      '/api/v1/ipCorrelator',
      { page: '/pricing', ref: 'newsletter' },
      { headers: { 'user-agent': 'vitest' } },
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const rows = await kit.db.select().from(pageVisits);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      page: '/pricing',
      ref: 'newsletter',
      ip: '127.0.0.1',
      userAgent: 'vitest',
    });
  });

  it('answers 400 naming the missing field, and writes nothing', async () => {
    const before = (await kit.db.select().from(pageVisits)).length;
    const response = await visitor.post('/api/v1/ipCorrelator', { ref: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'body.page: is required',
    });
    expect((await kit.db.select().from(pageVisits)).length).toBe(before);
  });

  it('answers 400 for a body of the wrong type and for no body at all', async () => {
    const wrongType = await visitor.post<{ message: string }>('/api/v1/ipCorrelator', { page: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^body\.page: expected string/);
    const empty = await visitor.post<{ message: string }>('/api/v1/ipCorrelator', '', {
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/^body: /);
  });
});

describe('the generated API description', () => {
  it('serves OpenAPI built from the contract', async () => {
    const response = await visitor.get<{
      openapi: string;
      paths: Record<string, Record<string, { tags: string[]; requestBody?: unknown }>>;
    }>('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = response.body;
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/health']?.get?.tags).toEqual(['platform']);
    expect(document.paths['/api/v1/ipCorrelator']?.post?.requestBody).toBeDefined();
  });

  it('renders the docs page with its assets', async () => {
    const page = await visitor.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    const script = await visitor.get('/api/docs/assets/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    const init = await visitor.get('/api/docs/init.js');
    expect(init.text).toContain("url: '/api/openapi.json'");
  });
});

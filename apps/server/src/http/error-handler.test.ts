import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type KitApp } from '@switchboard/testing';
import type { Feature } from '../features/feature';
import { platformFeature } from '../features/platform/platform.routes';

const failingFeature: Feature = {
  name: 'failing',
  registerRoutes: ({ app }) => {
    app.get('/api/test/boom', () => {
      throw new Error('database password is hunter2');
    });
  },
};

let kit: KitApp;
beforeAll(async () => {
  kit = await startApp({
    seed: 'empty',
    features: [platformFeature, failingFeature],
    requireAllEndpoints: false,
  });
});
afterAll(() => kit.close());

const post = (payload: string, contentType: string) =>
  kit.client().post<{ message: string }>('/api/v1/ipCorrelator', payload, {
    headers: { 'content-type': contentType },
  });

describe('bad requests get a clear 4xx in the error shape', () => {
  it('malformed JSON is a 400', async () => {
    const response = await post('{"page":', 'application/json');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(response.body.message).toMatch(/^The request body is not valid JSON/);
  });

  it('an unsupported content type is a 415', async () => {
    const response = await post('page=/x', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('an oversized body is a 413', async () => {
    const response = await post(JSON.stringify({ page: 'x'.repeat(11 * 1024 * 1024) }), 'application/json');
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a JSON array where an object belongs is a 400 naming the body', async () => {
    const response = await post('[1,2]', 'application/json');
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^body: expected object/);
  });
});

describe('unexpected failures', () => {
  it('are a 500 that does not leak the error text', async () => {
    const response = await kit.client().get('/api/test/boom');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side; it has been logged',
    });
  });
});

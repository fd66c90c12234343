import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, idField, okBody, queryInt, type Endpoint } from '@switchboard/contract';
import { allPermissions } from '@switchboard/core';
import { startApp, type KitApp } from '@switchboard/testing';
import type { Feature } from '../features/feature';
import type { Actor, Authenticator } from './authenticator';

// A small tenant tree: account 10 owns 11; 20 is a sibling tenant; 1 is a super admin.
const parents = new Map<number, number>([[11, 10]]);
const tokens = new Map<string, Actor>([
  ['owner-token', { userId: 10, accountId: 10, superAdmin: false }],
  ['sibling-token', { userId: 20, accountId: 20, superAdmin: false }],
  ['admin-token', { userId: 1, accountId: 1, superAdmin: true }],
]);
const authenticator: Authenticator = {
  authenticate: ({ token, adminToken }) => Promise.resolve(tokens.get(adminToken ?? token ?? '') ?? null),
  canActFor: (actor, accountId) => {
    if (actor.superAdmin) return Promise.resolve(true);
    for (let id: number | undefined = accountId; id !== undefined; id = parents.get(id)) {
      if (id === actor.accountId) return Promise.resolve(true);
    }
    return Promise.resolve(false);
  },
  // Account 10 is a reseller that may delete only on its own account; account 20 is an organization.
  accessOf: (actor, accountId) =>
    Promise.resolve({
      role: actor.accountId === 10 ? 'reseller' : 'organization',
      permissions: { ...allPermissions, canDeleteOrg: accountId === actor.accountId },
    }),
};
let handlerRuns = 0;
const notes = new Map<number, number>([[500, 11]]);

const probe = {
  open: defineEndpoint({
    area: 'probe',
    method: 'GET',
    path: '/api/test/open',
    summary: 'public',
    guard: 'public',
    query: z.object({ page: queryInt({ min: 0 }).default(0) }),
    response: okBody({ page: z.number(), signedIn: z.boolean() }),
  }),
  mine: defineEndpoint({
    area: 'probe',
    method: 'GET',
    path: '/api/test/mine',
    summary: 'session',
    guard: 'session',
    response: okBody({ accountId: z.number() }),
  }),
  note: defineEndpoint({
    area: 'probe',
    method: 'POST',
    path: '/api/test/notes/:noteId',
    summary: 'owned record',
    guard: 'session',
    params: z.object({ noteId: idField() }),
    body: z.object({ text: z.string().min(1, 'is required') }),
    owned: { params: { noteId: 'note' } },
    successStatus: 201,
    response: okBody({ noteId: z.number(), text: z.string() }),
  }),
  admin: defineEndpoint({
    area: 'probe',
    method: 'GET',
    path: '/api/test/admin',
    summary: 'super admin',
    guard: 'superAdmin',
    response: okBody({}),
  }),
  resellersOnly: defineEndpoint({
    area: 'probe',
    method: 'POST',
    path: '/api/test/resellers-only',
    summary: 'a role-restricted call',
    guard: 'session',
    permission: { roles: ['partner', 'reseller'] },
    response: okBody({}),
  }),
  deleter: defineEndpoint({
    area: 'probe',
    method: 'POST',
    path: '/api/test/deleter',
    summary: 'a flag-restricted call',
    guard: 'session',
    permission: { flag: 'canDeleteOrg' },
    response: okBody({}),
  }),
  drift: defineEndpoint({
    area: 'probe',
    method: 'GET',
    path: '/api/test/drift',
    summary: 'answers outside its contract',
    guard: 'public',
    response: okBody({ count: z.number() }),
  }),
} satisfies Record<string, Endpoint>;

const probeFeature: Feature = {
  name: 'probe',
  ownerResolvers: () => ({ note: (id) => Promise.resolve(notes.get(Number(id)) ?? null) }),
  registerRoutes({ implement }) {
    implement(probe)({
      open: ({ query, ctx }) =>
        Promise.resolve({ success: true, page: query.page, signedIn: ctx.actor !== null }),
      mine: ({ ctx }) => Promise.resolve({ success: true, accountId: ctx.accountId ?? 0 }),
      note: ({ params, body }) => Promise.resolve({ success: true, noteId: params.noteId, text: body.text }),
      admin: () => Promise.resolve({ success: true }),
      resellersOnly: () => Promise.resolve({ success: true, ran: handlerRuns++ > -1 }),
      deleter: () => Promise.resolve({ success: true }),
      drift: () =>
        Promise.resolve({ success: true, count: 'many' } as unknown as { success: true; count: number }),
    });
  },
};

let kit: KitApp;
beforeAll(async () => {
  kit = await startApp({
    seed: 'empty',
    authenticator,
    features: [probeFeature],
    requireAllEndpoints: false,
  });
});
afterAll(() => kit.close());

// The tokens these cases send are written into each URL (or a header): the anonymous client sends no other.
const get = (url: string, headers: Record<string, string> = {}) =>
  kit.client().get<{ message: string }>(url, { headers });

describe('declared permissions', () => {
  const post = (url: string) => kit.client().post(url);

  it('lets the declared roles in and refuses the others, naming who may, before the handler runs', async () => {
    const runsBefore = handlerRuns;
    expect((await post('/api/test/resellers-only?token=owner-token')).status).toBe(200);
    const refused = await post('/api/test/resellers-only?token=sibling-token');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: 'Only partners and resellers can make this call',
      requires: { roles: ['partner', 'reseller'] },
    });
    expect(handlerRuns).toBe(runsBefore + 1);
    expect((await post('/api/test/resellers-only?token=admin-token')).status).toBe(200);
  });

  it('reads the flag on the account the call acts for', async () => {
    expect((await post('/api/test/deleter?token=owner-token')).status).toBe(200);
    const onChild = await post('/api/test/deleter?token=owner-token&targetAccountId=11');
    expect(onChild.status).toBe(403);
    expect(onChild.body).toMatchObject({
      message: 'You do not have permission to delete here',
      requires: { flag: 'canDeleteOrg' },
    });
  });
});

describe('guards', () => {
  it('lets anyone call a public endpoint and parses its query', async () => {
    const response = await get('/api/test/open?page=3');
    expect(response.body).toEqual({ success: true, page: 3, signedIn: false });
  });

  it('names a bad query value', async () => {
    const response = await get('/api/test/open?page=two');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'query.page: must be an integer (got "two")',
    });
  });

  it('answers 401 without a token and with an unknown one', async () => {
    const none = await get('/api/test/mine');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      success: false,
      code: 'UNAUTHENTICATED',
      message: 'No auth token provided',
    });
    const unknown = await get('/api/test/mine?token=nope');
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('The session token is invalid or expired');
  });

  it('accepts the token in the query or as a bearer header', async () => {
    expect((await get('/api/test/mine?token=owner-token')).body).toEqual({ success: true, accountId: 10 });
    const bearer = await get('/api/test/mine', { authorization: 'Bearer owner-token' });
    expect(bearer.body).toEqual({ success: true, accountId: 10 });
  });

  it('acts for a descendant named by targetAccountId', async () => {
    const response = await get('/api/test/mine?token=owner-token&targetAccountId=11');
    expect(response.body).toEqual({ success: true, accountId: 11 });
  });

  it('refuses a sibling tenant as targetAccountId with 403', async () => {
    const response = await get('/api/test/mine?token=sibling-token&targetAccountId=11');
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('honours a super admin adminToken for any account', async () => {
    const response = await get('/api/test/mine?adminToken=admin-token&targetAccountId=11');
    expect(response.body).toEqual({ success: true, accountId: 11 });
  });

  it('keeps super-admin calls to super admins', async () => {
    expect((await get('/api/test/admin?token=owner-token')).status).toBe(403);
    expect((await get('/api/test/admin?token=admin-token')).status).toBe(200);
  });
});

describe('tenant-owned record ids', () => {
  const post = (url: string, payload: Record<string, unknown>) =>
    kit.client().post<{ message: string }>(url, payload);

  it('lets the owner reach its record and answers the declared status', async () => {
    const response = await post('/api/test/notes/500?token=owner-token', { text: 'hi' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, noteId: 500, text: 'hi' });
  });

  it("hides a sibling tenant's record as not found", async () => {
    const response = await post('/api/test/notes/500?token=sibling-token', { text: 'hi' });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers a missing record exactly like a foreign one', async () => {
    const missing = await post('/api/test/notes/999?token=owner-token', { text: 'hi' });
    expect(missing.status).toBe(404);
  });

  it('validates params and body, naming each field', async () => {
    const response = await post('/api/test/notes/abc?token=owner-token', {});
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('params.noteId: must be an integer (got "abc")');
    const body = await post('/api/test/notes/500?token=owner-token', { text: '' });
    expect(body.body.message).toBe('body.text: is required');
  });
});

describe('contract checks', () => {
  it('treats an answer outside the declared shape as a server fault', async () => {
    const response = await get('/api/test/drift');
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({ success: false, code: 'INTERNAL' });
  });

  it('refuses to start when a declared endpoint has no handler', async () => {
    await expect(startApp({ seed: 'empty', features: [probeFeature] })).rejects.toThrow(
      /Declared but not implemented: GET \/api\/health/,
    );
  });

  it('refuses to start when an owned id kind has no resolver', async () => {
    const withoutResolver: Feature = { ...probeFeature, ownerResolvers: () => ({}) };
    await expect(
      startApp({ seed: 'empty', features: [withoutResolver], requireAllEndpoints: false }),
    ).rejects.toThrow(/no owner resolver registered for "note"/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenView } from '@switchboard/contract';
import { apiTokens, eq } from '@switchboard/db';
import { inviteMember, startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { hashApiToken } from './tokens.service';

let kit: DemoApp;
let acme: SignedInClient;
let globex: SignedInClient;
const perMinute = 12;

beforeAll(async () => {
  // A low allowance, so the rate limit can be reached; every other test uses a token a few times only.
  kit = await startApp({ env: { API_TOKEN_REQUESTS_PER_MINUTE: String(perMinute) } });
  ({ acme, globex } = await kit.signInEach('acme', 'globex'));
});
afterAll(() => kit.close());

async function makeToken(client: SignedInClient, body: Record<string, unknown>, accountId?: number) {
  const made = await client.post<{ token: ApiTokenView }>('/api/v2/tokens', body, {
    ...(accountId === undefined ? {} : { targetAccountId: accountId }),
  });
  expect(made.status, made.text).toBe(201);
  return made.body.token;
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('API tokens', () => {
  it('shows the whole token once, stores only its hash, and lists a prefix', async () => {
    const token = await makeToken(acme, { description: 'CRM sync', type: 'admin' });
    expect(token.token).toMatch(/^sbk_[A-Za-z0-9_-]{43}$/);
    expect(token.token.startsWith(token.prefix)).toBe(true);
    const [row] = await kit.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row?.tokenHash).toBe(hashApiToken(token.token));
    expect(JSON.stringify(row)).not.toContain(token.token);

    const listed = await acme.get<{ tokens: ApiTokenView[] }>('/api/v2/tokens');
    expect(listed.status).toBe(200);
    const shown = listed.body.tokens.find((entry) => entry.id === token.id);
    expect(shown).toMatchObject({ description: 'CRM sync', type: 'admin', token: `${token.prefix}…` });
    expect(listed.text).not.toContain(token.token);
    expect(Number(shown?.timestamp)).toBeGreaterThan(0);
    expect(shown?.lastUsedAt).toBeNull();
  });

  it("acts as the token's account over Authorization: Bearer, and records when it was last used", async () => {
    const token = await makeToken(acme, { description: 'reporting' });
    const account = await kit
      .client()
      .get<{ account: { id: number } }>('/api/v1/account', bearer(token.token));
    expect(account.status, account.text).toBe(200);
    expect(account.body.account.id).toBe(kit.ids.acme);
    // Accounts below the token's account are reachable; the accounts beside it are not.
    const agent = await kit.client().get<{ account: { id: number } }>('/api/v1/account', {
      ...bearer(token.token),
      query: { targetAccountId: kit.ids.agent1 },
    });
    expect(agent.status, agent.text).toBe(200);
    const sibling = await kit
      .client()
      .get('/api/v1/account', { ...bearer(token.token), query: { targetAccountId: kit.ids.globex } });
    expect(sibling.status).toBe(403);
    const listed = await acme.get<{ tokens: ApiTokenView[] }>('/api/v2/tokens');
    expect(listed.body.tokens.find((entry) => entry.id === token.id)?.lastUsedAt).not.toBeNull();
  });

  it('a token made for an agent account reaches that account only, never its organization', async () => {
    const token = await makeToken(acme, { description: 'agent only' }, kit.ids.agent1);
    expect(token.accountId).toBe(kit.ids.agent1);
    const own = await kit.client().get<{ account: { id: number } }>('/api/v1/account', bearer(token.token));
    expect(own.body.account.id).toBe(kit.ids.agent1);
    const up = await kit
      .client()
      .get('/api/v1/account', { ...bearer(token.token), query: { targetAccountId: kit.ids.acme } });
    expect(up.status).toBe(403);
  });

  it('a read-only token reads but changes nothing', async () => {
    const token = await makeToken(acme, { description: 'dashboards', type: 'readOnly' });
    const read = await kit.client().get('/api/v2/tokens', bearer(token.token));
    expect(read.status, read.text).toBe(200);
    const write = await kit
      .client()
      .post<{ message: string; requires: unknown }>(
        '/api/v2/tokens',
        { description: 'escalate' },
        bearer(token.token),
      );
    expect(write.status).toBe(403);
    expect(write.body.message).toMatch(/read-only/);
  });

  it('is refused with 401 at once when revoked, and cannot be revoked by another tenant', async () => {
    const token = await makeToken(acme, { description: 'short lived' });
    const foreign = await globex.delete('/api/v2/tokens', { id: token.id });
    expect(foreign.status).toBe(404);
    const foreignByValue = await globex.delete('/api/v2/tokens', { token: token.token });
    expect(foreignByValue.status).toBe(404);
    expect((await kit.client().get('/api/v1/account', bearer(token.token))).status).toBe(200);

    const revoked = await acme.delete<{ message: string }>('/api/v2/tokens', { token: token.token });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.message).toBe('Token deleted successfully');
    const after = await kit.client().get<{ message: string }>('/api/v1/account', bearer(token.token));
    expect(after.status).toBe(401);
    const again = await acme.delete('/api/v2/tokens', { id: token.id });
    expect(again.status).toBe(404);
  });

  it("never lists another tenant's tokens", async () => {
    await makeToken(acme, { description: 'acme secret work' });
    const listed = await globex.get<{ tokens: ApiTokenView[] }>('/api/v2/tokens');
    expect(listed.status).toBe(200);
    expect(listed.body.tokens.every((entry) => entry.accountId === kit.ids.globex)).toBe(true);
    expect(listed.text).not.toContain('acme secret work');
    const acting = await globex.get('/api/v2/tokens', { query: { targetAccountId: kit.ids.acme } });
    expect(acting.status).toBe(403);
  });

  it('stops working when its maker loses the right to act for its account', async () => {
    const email = 'contractor@acme.example';
    await inviteMember(acme, { email });
    const contractor = await kit.signIn(email);
    const made = await contractor.post<{ token: ApiTokenView }>(
      '/api/v2/tokens',
      { description: 'contractor' },
      { targetAccountId: kit.ids.acme },
    );
    expect(made.status, made.text).toBe(201);
    const token = made.body.token.token;
    expect((await kit.client().get('/api/v1/account', bearer(token))).status).toBe(200);
    const members = await acme.get<{ users: { id: number; email: string }[] }>('/api/v2/listAdminUsers');
    const member = members.body.users.find((user) => user.email === email);
    if (!member) throw new Error(`no member ${email}: ${members.text}`);
    const removed = await acme.delete('/api/v2/deleteAdminUser', { targetUserId: member.id });
    expect(removed.status, removed.text).toBe(200);
    expect((await kit.client().get('/api/v1/account', bearer(token))).status).toBe(401);
  });

  it('says where a token goes when it is sent in another header, and refuses bad input', async () => {
    const token = await makeToken(acme, { description: 'misplaced' });
    const wrong = await kit
      .client()
      .get<{ message: string }>('/api/v1/account', { headers: { 'x-api-key': token.token } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/Authorization: Bearer/);
    const scheme = await kit
      .client()
      .get<{ message: string }>('/api/v1/account', { headers: { authorization: `Token ${token.token}` } });
    expect(scheme.status).toBe(401);
    expect(scheme.body.message).toMatch(/Authorization: Bearer/);
    const unknown = await kit.client().get('/api/v1/account', bearer('sbk_not-a-real-token'));
    expect(unknown.status).toBe(401);

    const noDescription = await acme.post<{ message: string }>('/api/v2/tokens', { type: 'admin' });
    expect(noDescription.status).toBe(400);
    expect(noDescription.body.message).toMatch(/description/);
    const badType = await acme.post<{ message: string }>('/api/v2/tokens', {
      description: 'x',
      type: 'root',
    });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/type/);
    const both = await acme.delete<{ message: string }>('/api/v2/tokens', { id: 1, token: 'sbk_x' });
    expect(both.status).toBe(400);
  });

  it('answers 429 with Retry-After once a token spends its minute, without limiting other tokens or tenants', async () => {
    const busy = await makeToken(acme, { description: 'runaway script' });
    const calm = await makeToken(acme, { description: 'nightly export' });
    const theirs = await makeToken(globex, { description: 'globex reporting' });
    for (let count = 1; count <= perMinute; count += 1) {
      const answer = await kit.client().get('/api/v1/account', bearer(busy.token));
      expect(answer.status, `request ${count}: ${answer.text}`).toBe(200);
    }
    const limited = await kit.client().get<{ message: string }>('/api/v1/account', bearer(busy.token));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/more than 12 requests in a minute/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The allowance is the token's, whatever route it calls.
    expect((await kit.client().get('/api/v2/tokens', bearer(busy.token))).status).toBe(429);

    // The same tenant's other token, the other tenant's token and the people signed in are not held back.
    expect((await kit.client().get('/api/v1/account', bearer(calm.token))).status).toBe(200);
    const other = await kit
      .client()
      .get<{ account: { id: number } }>('/api/v1/account', bearer(theirs.token));
    expect(other.status).toBe(200);
    expect(other.body.account.id).toBe(kit.ids.globex);
    expect((await acme.get('/api/v2/tokens')).status).toBe(200);
    expect((await globex.get('/api/v2/tokens')).status).toBe(200);
  });
});

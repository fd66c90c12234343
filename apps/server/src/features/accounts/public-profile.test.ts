import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';
import { accounts, eq, seedDemoData } from '@switchboard/db';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
  for (const who of ['superadmin', 'acme', 'globex']) {
    token[who] = (await signInByEmail(t.app, demoEmail(who))).token;
  }
  for (const row of await t.db.select({ id: accounts.id, username: accounts.username }).from(accounts)) {
    id[row.username] = row.id;
  }
});
afterAll(() => t.close());

const get = (url: string, who: string) =>
  t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}token=${token[who]}` });
const post = (url: string, who: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${url}${url.includes('?') ? '&' : '?'}token=${token[who]}`,
    payload: payload as Record<string, unknown>,
  });

describe('GET /api/v1/account/:username (public profile)', () => {
  it('answers the public fields to anyone', async () => {
    await t.db
      .update(accounts)
      .set({ details: { orgName: 'Acme Dental', description: 'Smiles since 1999' } })
      .where(eq(accounts.id, id.acme!));
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/account/ACME' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      account: {
        id: id.acme,
        username: 'acme',
        displayName: 'Acme Dental',
        accountType: 'organization',
        profileImage: null,
        socialLinks: [],
        socialLinksPosition: null,
        description: 'Smiles since 1999',
      },
    });
    expect(response.body).not.toContain('demo.switchboard.test');
  });

  it('is 404 for unknown and disabled accounts', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/nobody-here' })).statusCode).toBe(404);
    const disable = await post('/api/v1/disableAccount', 'superadmin', {
      username: 'agent3',
      reason: 'test',
    });
    expect(disable.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/agent3' })).statusCode).toBe(404);
    await post('/api/v1/enableAccount', 'superadmin', { username: 'agent3' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/agent3' })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/account/socialLinks', () => {
  it('saves normalized links and the position, shown on the public profile', async () => {
    const response = await post('/api/v1/account/socialLinks', 'globex', {
      socialLinks: [
        { type: 'instagram', url: ' instagram.com/globex ' },
        { type: 'x', url: 'https://https://x.com/globex' },
        { type: 'site', url: 'http://globex.example.com:8080/about' },
      ],
      socialLinksPosition: 'bottom',
    });
    expect(response.statusCode).toBe(200);
    const links = [
      { type: 'instagram', url: 'https://instagram.com/globex' },
      { type: 'x', url: 'https://x.com/globex' },
      { type: 'site', url: 'http://globex.example.com:8080/about' },
    ];
    expect(response.json()).toEqual({ success: true, socialLinks: links, socialLinksPosition: 'bottom' });
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/account/globex' });
    expect(profile.json()).toMatchObject({ account: { socialLinks: links, socialLinksPosition: 'bottom' } });
    // The position stays when only the links change.
    const again = await post('/api/v1/account/socialLinks', 'globex', { socialLinks: [] });
    expect(again.json()).toEqual({ success: true, socialLinks: [], socialLinksPosition: 'bottom' });
  });

  it('refuses links that are not web addresses, too many links and a bad position', async () => {
    const script = await post('/api/v1/account/socialLinks', 'globex', {
      socialLinks: [{ type: 'x', url: 'javascript:alert(1)' }],
    });
    expect(script.statusCode).toBe(400);
    expect(script.json<{ message: string }>().message).toContain('body.socialLinks.0.url');
    const many = Array.from({ length: 21 }, (_, i) => ({ type: 'site', url: `site${i}.example.com` }));
    expect((await post('/api/v1/account/socialLinks', 'globex', { socialLinks: many })).statusCode).toBe(400);
    const position = await post('/api/v1/account/socialLinks', 'globex', {
      socialLinks: [],
      socialLinksPosition: 'left',
    });
    expect(position.statusCode).toBe(400);
  });

  it('acts for a descendant, never for a sibling', async () => {
    const forAgent = await post(`/api/v1/account/socialLinks?targetAccountId=${id.agent1}`, 'acme', {
      socialLinks: [{ type: 'site', url: 'acme.example.com' }],
    });
    expect(forAgent.statusCode).toBe(200);
    const [agent] = await t.db.select().from(accounts).where(eq(accounts.id, id.agent1!));
    expect(agent?.socialLinks).toEqual([{ type: 'site', url: 'https://acme.example.com' }]);
    const sibling = await post(`/api/v1/account/socialLinks?targetAccountId=${id.acme}`, 'globex', {
      socialLinks: [],
    });
    expect(sibling.statusCode).toBe(403);
  });
});

describe('POST /api/v1/updateUsername', () => {
  it('normalizes, validates and changes the username of the acting account', async () => {
    const response = await post(`/api/v1/updateUsername?targetAccountId=${id.agent2}`, 'acme', {
      targetUsername: '  After-Hours ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, username: 'after-hours' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/after-hours' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/account/agent2' })).statusCode).toBe(404);
    // The same name again is fine.
    const same = await post(`/api/v1/updateUsername?targetAccountId=${id.agent2}`, 'acme', {
      targetUsername: 'after-hours',
    });
    expect(same.statusCode).toBe(200);
  });

  it('says why a username is refused', async () => {
    const short = await post('/api/v1/updateUsername', 'globex', { targetUsername: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toBe('Username must be 3 to 32 characters');
    const symbols = await post('/api/v1/updateUsername', 'globex', { targetUsername: 'glo bex!' });
    expect(symbols.json<{ message: string }>().message).toBe(
      'Username may contain only letters, digits, dots, dashes and underscores',
    );
    const taken = await post('/api/v1/updateUsername', 'globex', { targetUsername: 'ACME' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<{ message: string }>().message).toBe('That username is taken');
    const reserved = await post('/api/v1/updateUsername', 'globex', { targetUsername: 'guest-42' });
    expect(reserved.statusCode).toBe(400);
    const sibling = await post(`/api/v1/updateUsername?targetAccountId=${id.acme}`, 'globex', {
      targetUsername: 'hijacked',
    });
    expect(sibling.statusCode).toBe(403);
  });
});

describe('check-ins', () => {
  const settingsOf = async (accountId: number) =>
    (await t.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]?.settings ?? {};

  it('records each kind of check-in, mobile by default', async () => {
    const web = await get('/api/v1/checkIn/web', 'globex');
    expect(web.statusCode).toBe(200);
    const body = web.json<{ success: boolean; kind: string; checkedInAt: string }>();
    expect(body).toMatchObject({ success: true, kind: 'web' });
    expect(Date.now() - Date.parse(body.checkedInAt)).toBeLessThan(60_000);
    const mobile = await get('/api/v1/checkIn', 'globex');
    expect(mobile.json()).toMatchObject({ kind: 'mobile' });
    const settings = await settingsOf(id.globex!);
    expect(settings.checkIns).toEqual({
      web: body.checkedInAt,
      mobile: mobile.json<{ checkedInAt: string }>().checkedInAt,
    });
    expect((await get('/api/v1/checkIn/tv', 'globex')).statusCode).toBe(400);
  });

  it('stores the mobile app check-in payload with its time', async () => {
    expect((await post('/api/v1/mobileCheckIn', 'globex', { checkIn: true })).json()).toEqual({
      success: true,
    });
    expect((await settingsOf(id.globex!)).mobileCheckIn).toMatchObject({ value: true });
    await post('/api/v1/mobileCheckIn', 'globex', { checkIn: { platform: 'iOS', appVersion: '3.2' } });
    const stored = (await settingsOf(id.globex!)).mobileCheckIn as { at: string; value: unknown };
    expect(stored.value).toEqual({ platform: 'iOS', appVersion: '3.2' });
    expect(Date.parse(stored.at)).not.toBeNaN();
    expect((await post('/api/v1/mobileCheckIn', 'globex', { checkIn: 'yes' })).statusCode).toBe(400);
  });

  it('acts only for accounts in the caller tree', async () => {
    expect((await get(`/api/v1/checkIn/web?targetAccountId=${id.acme}`, 'globex')).statusCode).toBe(403);
    expect(
      (await post(`/api/v1/mobileCheckIn?targetAccountId=${id.acme}`, 'globex', { checkIn: true }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/checkIn/web' })).statusCode).toBe(401);
  });
});

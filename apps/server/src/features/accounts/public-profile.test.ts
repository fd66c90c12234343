import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { accounts, eq } from '@switchboard/db';

let kit: DemoApp;
let as: Record<'superadmin' | 'acme' | 'globex', SignedInClient>;

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('superadmin', 'acme', 'globex');
});
afterAll(() => kit.close());

describe('GET /api/v1/account/:username (public profile)', () => {
  it('answers the public fields to anyone', async () => {
    const described = await as.acme.post('/api/v1/account', {
      orgName: 'Acme Dental',
      description: 'Smiles since 1999',
    });
    expect(described.status, described.text).toBe(200);
    const response = await kit.client().get('/api/v1/account/ACME');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      account: {
        id: kit.ids.acme,
        username: 'acme',
        displayName: 'Acme Dental',
        accountType: 'organization',
        profileImage: null,
        socialLinks: [],
        socialLinksPosition: null,
        description: 'Smiles since 1999',
      },
    });
    expect(response.text).not.toContain('demo.switchboard.test');
  });

  it('is 404 for unknown and disabled accounts', async () => {
    expect((await kit.client().get('/api/v1/account/nobody-here')).status).toBe(404);
    const disable = await as.superadmin.post('/api/v1/disableAccount', {
      username: 'agent3',
      reason: 'test',
    });
    expect(disable.status).toBe(200);
    expect((await kit.client().get('/api/v1/account/agent3')).status).toBe(404);
    await as.superadmin.post('/api/v1/enableAccount', { username: 'agent3' });
    expect((await kit.client().get('/api/v1/account/agent3')).status).toBe(200);
  });
});

describe('POST /api/v1/account/socialLinks', () => {
  it('saves normalized links and the position, shown on the public profile', async () => {
    const response = await as.globex.post('/api/v1/account/socialLinks', {
      socialLinks: [
        { type: 'instagram', url: ' instagram.com/globex ' },
        { type: 'x', url: 'https://https://x.com/globex' },
        { type: 'site', url: 'http://globex.example.com:8080/about' },
      ],
      socialLinksPosition: 'bottom',
    });
    expect(response.status).toBe(200);
    const links = [
      { type: 'instagram', url: 'https://instagram.com/globex' },
      { type: 'x', url: 'https://x.com/globex' },
      { type: 'site', url: 'http://globex.example.com:8080/about' },
    ];
    expect(response.body).toEqual({ success: true, socialLinks: links, socialLinksPosition: 'bottom' });
    const profile = await kit.client().get('/api/v1/account/globex');
    expect(profile.body).toMatchObject({ account: { socialLinks: links, socialLinksPosition: 'bottom' } });
    // The position stays when only the links change.
    const again = await as.globex.post('/api/v1/account/socialLinks', { socialLinks: [] });
    expect(again.body).toEqual({ success: true, socialLinks: [], socialLinksPosition: 'bottom' });
  });

  it('refuses links that are not web addresses, too many links and a bad position', async () => {
    const script = await as.globex.post<{ message: string }>('/api/v1/account/socialLinks', {
      socialLinks: [{ type: 'x', url: 'javascript:alert(1)' }],
    });
    expect(script.status).toBe(400);
    expect(script.body.message).toContain('body.socialLinks.0.url');
    const many = Array.from({ length: 21 }, (_, i) => ({ type: 'site', url: `site${i}.example.com` }));
    expect((await as.globex.post('/api/v1/account/socialLinks', { socialLinks: many })).status).toBe(400);
    const position = await as.globex.post('/api/v1/account/socialLinks', {
      socialLinks: [],
      socialLinksPosition: 'left',
    });
    expect(position.status).toBe(400);
  });

  it('acts for a descendant, never for a sibling', async () => {
    const forAgent = await as.acme.post(`/api/v1/account/socialLinks?targetAccountId=${kit.ids.agent1}`, {
      socialLinks: [{ type: 'site', url: 'acme.example.com' }],
    });
    expect(forAgent.status).toBe(200);
    const [agent] = await kit.db.select().from(accounts).where(eq(accounts.id, kit.ids.agent1));
    expect(agent?.socialLinks).toEqual([{ type: 'site', url: 'https://acme.example.com' }]);
    const sibling = await as.globex.post(`/api/v1/account/socialLinks?targetAccountId=${kit.ids.acme}`, {
      socialLinks: [],
    });
    expect(sibling.status).toBe(403);
  });
});

describe('POST /api/v1/updateUsername', () => {
  it('normalizes, validates and changes the username of the acting account', async () => {
    const response = await as.acme.post(`/api/v1/updateUsername?targetAccountId=${kit.ids.agent2}`, {
      targetUsername: '  After-Hours ',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, username: 'after-hours' });
    expect((await kit.client().get('/api/v1/account/after-hours')).status).toBe(200);
    expect((await kit.client().get('/api/v1/account/agent2')).status).toBe(404);
    // The same name again is fine.
    const same = await as.acme.post(`/api/v1/updateUsername?targetAccountId=${kit.ids.agent2}`, {
      targetUsername: 'after-hours',
    });
    expect(same.status).toBe(200);
  });

  it('says why a username is refused', async () => {
    const short = await as.globex.post<{ message: string }>('/api/v1/updateUsername', {
      targetUsername: 'ab',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Username must be 3 to 32 characters');
    const symbols = await as.globex.post<{ message: string }>('/api/v1/updateUsername', {
      targetUsername: 'glo bex!',
    });
    expect(symbols.body.message).toBe(
      'Username may contain only letters, digits, dots, dashes and underscores',
    );
    const taken = await as.globex.post<{ message: string }>('/api/v1/updateUsername', {
      targetUsername: 'ACME',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That username is taken');
    const reserved = await as.globex.post('/api/v1/updateUsername', { targetUsername: 'guest-42' });
    expect(reserved.status).toBe(400);
    const sibling = await as.globex.post(`/api/v1/updateUsername?targetAccountId=${kit.ids.acme}`, {
      targetUsername: 'hijacked',
    });
    expect(sibling.status).toBe(403);
  });
});

describe('check-ins', () => {
  const settingsOf = async (accountId: number) =>
    (await kit.db.select().from(accounts).where(eq(accounts.id, accountId)))[0]?.settings ?? {};

  it('records each kind of check-in, mobile by default', async () => {
    const web = await as.globex.get<{ success: boolean; kind: string; checkedInAt: string }>(
      '/api/v1/checkIn/web',
    );
    expect(web.status).toBe(200);
    const body = web.body;
    expect(body).toMatchObject({ success: true, kind: 'web' });
    expect(Date.now() - Date.parse(body.checkedInAt)).toBeLessThan(60_000);
    const mobile = await as.globex.get<{ checkedInAt: string }>('/api/v1/checkIn');
    expect(mobile.body).toMatchObject({ kind: 'mobile' });
    const settings = await settingsOf(kit.ids.globex);
    expect(settings.checkIns).toEqual({
      web: body.checkedInAt,
      mobile: mobile.body.checkedInAt,
    });
    expect((await as.globex.get('/api/v1/checkIn/tv')).status).toBe(400);
  });

  it('stores the mobile app check-in payload with its time', async () => {
    expect((await as.globex.post('/api/v1/mobileCheckIn', { checkIn: true })).body).toEqual({
      success: true,
    });
    expect((await settingsOf(kit.ids.globex)).mobileCheckIn).toMatchObject({ value: true });
    await as.globex.post('/api/v1/mobileCheckIn', { checkIn: { platform: 'iOS', appVersion: '3.2' } });
    const stored = (await settingsOf(kit.ids.globex)).mobileCheckIn as { at: string; value: unknown };
    expect(stored.value).toEqual({ platform: 'iOS', appVersion: '3.2' });
    expect(Date.parse(stored.at)).not.toBeNaN();
    expect((await as.globex.post('/api/v1/mobileCheckIn', { checkIn: 'yes' })).status).toBe(400);
  });

  it('acts only for accounts in the caller tree', async () => {
    expect((await as.globex.get(`/api/v1/checkIn/web?targetAccountId=${kit.ids.acme}`)).status).toBe(403);
    expect(
      (await as.globex.post(`/api/v1/mobileCheckIn?targetAccountId=${kit.ids.acme}`, { checkIn: true }))
        .status,
    ).toBe(403);
    expect((await kit.client().get('/api/v1/checkIn/web')).status).toBe(401);
  });
});

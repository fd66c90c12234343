import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandProfileView, CustomDomainView, DomainProfileView } from '@switchboard/contract';
import { accounts, domainProfiles, domains, eq, seedDemoData } from '@switchboard/db';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
  for (const row of await t.db.select({ id: accounts.id, username: accounts.username }).from(accounts)) {
    id[row.username] = row.id;
  }
  for (const who of ['reseller', 'acme', 'globex', 'agent1', 'partner']) {
    token[who] = (await signInByEmail(t.app, demoEmail(who))).token;
  }
});
afterAll(() => t.close());

interface Body {
  success: boolean;
  message: string;
  code: string;
  domain: CustomDomainView & string;
  domains: CustomDomainView[];
  canManage: boolean;
  canEdit: boolean;
  valid: boolean;
  available: boolean;
  yours: boolean;
  profile: DomainProfileView & BrandProfileView;
}

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: string | null, payload?: unknown) =>
  t.app.inject({
    method,
    url: who === null ? url : `${url}${url.includes('?') ? '&' : '?'}token=${token[who]}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const profileFor = async (host: string, extra = '') =>
  (await call('GET', `/api/v2/domain/profile?host=${encodeURIComponent(host)}${extra}`, null)).json<Body>()
    .profile;

describe('domain lookup', () => {
  it('says whether a domain is valid, free, yours or taken', async () => {
    const free = (
      await call('POST', '/api/v1/domain/lookup', 'acme', { domain: 'HTTPS://Voice.Acme.Example/x' })
    ).json<Body>();
    expect(free).toMatchObject({ domain: 'voice.acme.example', valid: true, available: true, yours: false });
    const taken = (
      await call('POST', '/api/v1/domain/lookup', 'acme', { domain: 'demo-reseller.localhost' })
    ).json<Body>();
    expect(taken).toMatchObject({
      valid: true,
      available: false,
      yours: false,
      message: 'demo-reseller.localhost is already in use',
    });
    const invalid = (
      await call('POST', '/api/v1/domain/lookup', 'acme', { domain: 'not a domain' })
    ).json<Body>();
    expect(invalid).toMatchObject({ domain: null, valid: false, available: false });
    expect(invalid.message).toMatch(/space|not a valid domain/);
    const own = (
      await call('POST', '/api/v1/domain/lookup', 'acme', {
        domain: new URL(t.config.publicUrl).hostname + '.',
      })
    ).json<Body>();
    expect(own.available).toBe(false);
  });

  it('needs a domain field', async () => {
    const response = await call('POST', '/api/v1/domain/lookup', 'acme', {});
    expect(response.statusCode).toBe(400);
    expect(response.json<Body>().message).toBe('body.domain: is required');
  });
});

describe('custom domains', () => {
  it('adds a normalised domain; the first one is the default', async () => {
    const response = await call('POST', '/api/v2/domain', 'acme', {
      domain: ' https://Bücher.Acme.Example/ ',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Body>().domain).toMatchObject({
      domain: 'xn--bcher-kva.acme.example',
      accountId: id.acme,
      isDefault: true,
    });
    const second = await call('POST', '/api/v2/domain', 'acme', { domain: 'voice.acme.example' });
    expect(second.json<Body>().domain.isDefault).toBe(false);
    const list = (await call('GET', '/api/v2/domains', 'acme')).json<Body>();
    expect(list.canManage).toBe(true);
    expect(list.domains.map((d) => [d.domain, d.isDefault])).toEqual([
      ['xn--bcher-kva.acme.example', true],
      ['voice.acme.example', false],
    ]);
    const lookup = (
      await call('POST', '/api/v1/domain/lookup', 'acme', { domain: 'voice.acme.example' })
    ).json<Body>();
    expect(lookup).toMatchObject({
      available: false,
      yours: true,
      message: 'You already added voice.acme.example',
    });
  });

  it('refuses bad names naming the field, and duplicates across tenants with 409', async () => {
    const bad = await call('POST', '/api/v2/domain', 'acme', { domain: 'voice.acme.example:8443' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Body>().message).toBe(
      'body.domain: Leave out the port: a domain is served on the standard ports',
    );
    const missing = await call('POST', '/api/v2/domain', 'acme', { domain: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Body>().message).toContain('body.domain');
    const duplicate = await call('POST', '/api/v2/domain', 'globex', { domain: 'VOICE.acme.example' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<Body>().message).toBe('voice.acme.example is already in use by another account');
    const again = await call('POST', '/api/v2/domain', 'acme', { domain: 'voice.acme.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json<Body>().message).toBe('You already added voice.acme.example');
    const takenAsDefault = await call('POST', '/api/v2/domain', 'acme', {
      domain: 'demo-reseller.localhost',
      isDefault: true,
    });
    expect(takenAsDefault.statusCode).toBe(409);
    const stillDefault = (await call('GET', '/api/v2/domains', 'acme')).json<Body>().domains;
    expect(stillDefault.filter((d) => d.isDefault).map((d) => d.domain)).toEqual([
      'xn--bcher-kva.acme.example',
    ]);
    const own = await call('POST', '/api/v2/domain', 'acme', { domain: new URL(t.config.publicUrl).host });
    expect(own.statusCode).toBe(400); // the public URL carries a port, which a domain never has
  });

  it("is not for agent accounts, which use their organization's domains", async () => {
    const response = await call('POST', '/api/v2/domain', 'agent1', { domain: 'agent.acme.example' });
    expect(response.statusCode).toBe(403);
    expect((await call('GET', '/api/v2/domains', 'agent1')).json<Body>()).toMatchObject({
      domains: [],
      canManage: false,
    });
  });

  it('changes the default, and keeps the default while others exist', async () => {
    const refused = await call('DELETE', '/api/v2/domain?domain=xn--bcher-kva.acme.example', 'acme');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Body>().message).toContain('make another domain the default');
    const changed = await call('POST', '/api/v2/domain/default', 'acme', { domain: 'Voice.Acme.Example' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Body>().domains.map((d) => [d.domain, d.isDefault])).toEqual([
      ['voice.acme.example', true],
      ['xn--bcher-kva.acme.example', false],
    ]);
    const deleted = await call(
      'DELETE',
      `/api/v2/domain?domain=${encodeURIComponent('bücher.acme.example')}`,
      'acme',
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rows = await t.db.select().from(domains).where(eq(domains.accountId, id.acme!));
    expect(rows.map((row) => row.domain)).toEqual(['voice.acme.example']);
    const missing = await call('DELETE', '/api/v2/domain?domain=gone.acme.example', 'acme');
    expect(missing.statusCode).toBe(404);
  });

  it("keeps another tenant's domains out of reach; the reseller above may manage them", async () => {
    expect((await call('DELETE', '/api/v2/domain?domain=voice.acme.example', 'globex')).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/v2/domain/default', 'globex', { domain: 'voice.acme.example' })).statusCode,
    ).toBe(404);
    const asAcme = await call('GET', `/api/v2/domains?targetAccountId=${id.acme}`, 'globex');
    expect(asAcme.statusCode).toBe(403);
    expect((await call('GET', '/api/v2/domains', 'globex')).json<Body>().domains).toEqual([]);
    const byReseller = await call('GET', `/api/v2/domains?targetAccountId=${id.acme}`, 'reseller');
    expect(byReseller.json<Body>().domains.map((d) => d.domain)).toEqual(['voice.acme.example']);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/domains' })).statusCode).toBe(401);
  });
});

describe('domain profile by host', () => {
  it("gives unknown hosts and localhost the product's own profile, and the generic mode on request", async () => {
    const own = await profileFor('localhost:3000');
    expect(own).toMatchObject({ id: 2286, name: 'Switchboard', ownHost: true, domain: null });
    expect(own.settings).toMatchObject({ supportUrl: null, smsMessaging: true, allowEmbeds: true });
    expect((await profileFor('nobody.example.com')).id).toBe(2286);
    expect(await profileFor('localhost', '&generic=true')).toMatchObject({
      id: 1217159,
      name: 'Automated Phone',
      ownHost: true,
    });
  });

  it("answers a white-label host with its reseller's brand, port ignored", async () => {
    const profile = await profileFor('Demo-Reseller.localhost:5173');
    expect(profile).toMatchObject({
      name: 'Demo Voice',
      ownHost: false,
      domain: 'demo-reseller.localhost',
      details: { image: null, supportEmail: 'help@demo-reseller.test' },
      settings: { supportUrl: 'https://help.demo-reseller.test/', smsMessaging: true, allowEmbeds: false },
    });
    expect(profile.id).toBeGreaterThanOrEqual(2000000);
  });

  it("serves an organization's domain under the nearest brand above it", async () => {
    const profile = await profileFor('voice.acme.example');
    expect(profile).toMatchObject({ name: 'Demo Voice', domain: 'voice.acme.example', ownHost: false });
  });

  it('needs a host', async () => {
    const response = await call('GET', '/api/v2/domain/profile', null);
    expect(response.statusCode).toBe(400);
    expect(response.json<Body>().message).toBe('query.host: is required');
  });
});

describe('special organization', () => {
  it('has SMS messaging and embeds forced on whatever its brand says', async () => {
    const special = await createTestApp({
      env: { SPECIAL_ORGANIZATION_ID: String(id.globex) },
      database: t.database,
    });
    try {
      await t.db.insert(domains).values({ domain: 'globex.example', accountId: id.globex! });
      const profile = (
        await special.app.inject({ method: 'GET', url: '/api/v2/domain/profile?host=globex.example' })
      ).json<Body>().profile;
      expect(profile).toMatchObject({
        name: 'Demo Voice',
        settings: { smsMessaging: true, allowEmbeds: true },
      });
      expect((await profileFor('globex.example')).settings.allowEmbeds).toBe(false);
    } finally {
      await special.close();
    }
  });
});

describe('white-label profile editing', () => {
  it('lets a partner create its profile and a reseller update its own, leaving out fields untouched', async () => {
    const before = (await call('GET', '/api/v2/domainProfile', 'partner')).json<Body>();
    expect(before).toMatchObject({ profile: null, canEdit: true });
    const created = await call('POST', '/api/v2/domainProfile', 'partner', {
      name: 'Partner Phones',
      supportUrl: 'https://support.partner.example/help',
      supportEmail: 'Help@Partner.Example',
      appScripts: ['https://cdn.partner.example/track.js'],
      favorites: ['Agent1'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<Body>().profile).toMatchObject({
      accountId: id.partner,
      name: 'Partner Phones',
      supportEmail: 'help@partner.example',
      favorites: ['agent1'],
      smsMessaging: false,
    });
    const updated = await call('POST', '/api/v2/domainProfile', 'reseller', {
      name: 'Demo Voice 2',
      allowEmbeds: true,
    });
    expect(updated.json<Body>().profile).toMatchObject({
      name: 'Demo Voice 2',
      supportUrl: 'https://help.demo-reseller.test/',
      allowEmbeds: true,
    });
    expect((await profileFor('demo-reseller.localhost')).name).toBe('Demo Voice 2');
  });

  it('refuses bad fields by name, and organizations', async () => {
    const bad = await call('POST', '/api/v2/domainProfile', 'reseller', {
      name: '',
      supportUrl: 'javascript:alert(1)',
      supportEmail: 'nope',
      appScripts: ['http://cdn.example.com/x.js'],
    });
    expect(bad.statusCode).toBe(400);
    const message = bad.json<Body>().message;
    for (const field of ['body.name', 'body.supportUrl', 'body.supportEmail', 'body.appScripts.0']) {
      expect(message).toContain(field);
    }
    const org = await call('POST', '/api/v2/domainProfile', 'acme', { name: 'Acme brand' });
    expect(org.statusCode).toBe(403);
    expect((await call('GET', '/api/v2/domainProfile', 'acme')).json<Body>()).toMatchObject({
      profile: null,
      canEdit: false,
    });
  });

  it('stores a logo, serves it publicly, and shows it on the brand', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'brandlogo';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v2/domainProfile/logo?token=${token.reseller}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const image = response.json<Body>().profile.image;
    expect(image).toMatch(/^\/api\/v2\/domainProfile\/logo\/[a-f0-9-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: image! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await profileFor('demo-reseller.localhost')).details.image).toBe(image);
    const notImage = await t.app.inject({
      method: 'POST',
      url: `/api/v2/domainProfile/logo?token=${token.reseller}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(notImage.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/domainProfile/logo/00000000-0000.png' })).statusCode,
    ).toBe(404);
    const removed = await call('POST', '/api/v2/domainProfile', 'reseller', {
      name: 'Demo Voice',
      image: null,
    });
    expect(removed.json<Body>().profile.image).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: image! })).statusCode).toBe(404);
    const [row] = await t.db.select().from(domainProfiles).where(eq(domainProfiles.accountId, id.reseller!));
    expect(row?.image).toBeNull();
  });
});

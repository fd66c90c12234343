import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandProfileView, CustomDomainView, DomainProfileView } from '@switchboard/contract';
import { domainProfiles, domains, eq } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';

let kit: DemoApp;
let as: Record<'reseller' | 'acme' | 'globex' | 'agent1' | 'partner', SignedInClient>;

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('reseller', 'acme', 'globex', 'agent1', 'partner');
});
afterAll(() => kit.close());

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

const profileFor = async (host: string, extra = '') =>
  (await kit.client().get<Body>(`/api/v2/domain/profile?host=${encodeURIComponent(host)}${extra}`)).body
    .profile;

describe('domain lookup', () => {
  it('says whether a domain is valid, free, yours or taken', async () => {
    const free = (
      await as.acme.post<Body>('/api/v1/domain/lookup', { domain: 'HTTPS://Voice.Acme.Example/x' })
    ).body;
    expect(free).toMatchObject({ domain: 'voice.acme.example', valid: true, available: true, yours: false });
    const taken = (await as.acme.post<Body>('/api/v1/domain/lookup', { domain: 'demo-reseller.localhost' }))
      .body;
    expect(taken).toMatchObject({
      valid: true,
      available: false,
      yours: false,
      message: 'demo-reseller.localhost is already in use',
    });
    const invalid = (await as.acme.post<Body>('/api/v1/domain/lookup', { domain: 'not a domain' })).body;
    expect(invalid).toMatchObject({ domain: null, valid: false, available: false });
    expect(invalid.message).toMatch(/space|not a valid domain/);
    const own = (
      await as.acme.post<Body>('/api/v1/domain/lookup', {
        domain: new URL(kit.config.publicUrl).hostname + '.',
      })
    ).body;
    expect(own.available).toBe(false);
  });

  it('needs a domain field', async () => {
    const response = await as.acme.post<Body>('/api/v1/domain/lookup', {});
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('body.domain: is required');
  });
});

describe('custom domains', () => {
  it('adds a normalised domain; the first one is the default', async () => {
    const response = await as.acme.post<Body>('/api/v2/domain', {
      domain: ' https://Bücher.Acme.Example/ ',
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.domain).toMatchObject({
      domain: 'xn--bcher-kva.acme.example',
      accountId: kit.ids.acme,
      isDefault: true,
    });
    const second = await as.acme.post<Body>('/api/v2/domain', { domain: 'voice.acme.example' });
    expect(second.body.domain.isDefault).toBe(false);
    const list = (await as.acme.get<Body>('/api/v2/domains')).body;
    expect(list.canManage).toBe(true);
    expect(list.domains.map((d) => [d.domain, d.isDefault])).toEqual([
      ['xn--bcher-kva.acme.example', true],
      ['voice.acme.example', false],
    ]);
    const lookup = (await as.acme.post<Body>('/api/v1/domain/lookup', { domain: 'voice.acme.example' })).body;
    expect(lookup).toMatchObject({
      available: false,
      yours: true,
      message: 'You already added voice.acme.example',
    });
  });

  it('refuses bad names naming the field, and duplicates across tenants with 409', async () => {
    const bad = await as.acme.post<Body>('/api/v2/domain', { domain: 'voice.acme.example:8443' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'body.domain: Leave out the port: a domain is served on the standard ports',
    );
    const missing = await as.acme.post<Body>('/api/v2/domain', { domain: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('body.domain');
    const duplicate = await as.globex.post<Body>('/api/v2/domain', { domain: 'VOICE.acme.example' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('voice.acme.example is already in use by another account');
    const again = await as.acme.post<Body>('/api/v2/domain', { domain: 'voice.acme.example' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already added voice.acme.example');
    const takenAsDefault = await as.acme.post('/api/v2/domain', {
      domain: 'demo-reseller.localhost',
      isDefault: true,
    });
    expect(takenAsDefault.status).toBe(409);
    const stillDefault = (await as.acme.get<Body>('/api/v2/domains')).body.domains;
    expect(stillDefault.filter((d) => d.isDefault).map((d) => d.domain)).toEqual([
      'xn--bcher-kva.acme.example',
    ]);
    const own = await as.acme.post('/api/v2/domain', { domain: new URL(kit.config.publicUrl).host });
    expect(own.status).toBe(400); // the public URL carries a port, which a domain never has
  });

  it("is not for agent accounts, which use their organization's domains", async () => {
    const response = await as.agent1.post('/api/v2/domain', { domain: 'agent.acme.example' });
    expect(response.status).toBe(403);
    expect((await as.agent1.get<Body>('/api/v2/domains')).body).toMatchObject({
      domains: [],
      canManage: false,
    });
  });

  it('changes the default, and keeps the default while others exist', async () => {
    const refused = await as.acme.delete<Body>('/api/v2/domain?domain=xn--bcher-kva.acme.example');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('make another domain the default');
    const changed = await as.acme.post<Body>('/api/v2/domain/default', { domain: 'Voice.Acme.Example' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.domains.map((d) => [d.domain, d.isDefault])).toEqual([
      ['voice.acme.example', true],
      ['xn--bcher-kva.acme.example', false],
    ]);
    const deleted = await as.acme.delete(
      `/api/v2/domain?domain=${encodeURIComponent('bücher.acme.example')}`,
    );
    expect(deleted.status, deleted.text).toBe(200);
    const rows = await kit.db.select().from(domains).where(eq(domains.accountId, kit.ids.acme));
    expect(rows.map((row) => row.domain)).toEqual(['voice.acme.example']);
    const missing = await as.acme.delete('/api/v2/domain?domain=gone.acme.example');
    expect(missing.status).toBe(404);
  });

  it("keeps another tenant's domains out of reach; the reseller above may manage them", async () => {
    expect((await as.globex.delete('/api/v2/domain?domain=voice.acme.example')).status).toBe(404);
    expect((await as.globex.post('/api/v2/domain/default', { domain: 'voice.acme.example' })).status).toBe(
      404,
    );
    const asAcme = await as.globex.get(`/api/v2/domains?targetAccountId=${kit.ids.acme}`);
    expect(asAcme.status).toBe(403);
    expect((await as.globex.get<Body>('/api/v2/domains')).body.domains).toEqual([]);
    const byReseller = await as.reseller.get<Body>(`/api/v2/domains?targetAccountId=${kit.ids.acme}`);
    expect(byReseller.body.domains.map((d) => d.domain)).toEqual(['voice.acme.example']);
    expect((await kit.client().get('/api/v2/domains')).status).toBe(401);
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
    const response = await kit.client().get<Body>('/api/v2/domain/profile');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('query.host: is required');
  });
});

describe('special organization', () => {
  it('has SMS messaging and embeds forced on whatever its brand says', async () => {
    const special = await startApp({
      seed: 'empty',
      env: { SPECIAL_ORGANIZATION_ID: String(kit.ids.globex) },
      database: kit.database,
    });
    try {
      const added = await as.globex.post('/api/v2/domain', { domain: 'globex.example' });
      expect(added.status, added.text).toBe(201);
      const profile = (await special.client().get<Body>('/api/v2/domain/profile?host=globex.example')).body
        .profile;
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
    const before = (await as.partner.get<Body>('/api/v2/domainProfile')).body;
    expect(before).toMatchObject({ profile: null, canEdit: true });
    const created = await as.partner.post<Body>('/api/v2/domainProfile', {
      name: 'Partner Phones',
      supportUrl: 'https://support.partner.example/help',
      supportEmail: 'Help@Partner.Example',
      appScripts: ['https://cdn.partner.example/track.js'],
      favorites: ['Agent1'],
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body.profile).toMatchObject({
      accountId: kit.ids.partner,
      name: 'Partner Phones',
      supportEmail: 'help@partner.example',
      favorites: ['agent1'],
      smsMessaging: false,
    });
    const updated = await as.reseller.post<Body>('/api/v2/domainProfile', {
      name: 'Demo Voice 2',
      allowEmbeds: true,
    });
    expect(updated.body.profile).toMatchObject({
      name: 'Demo Voice 2',
      supportUrl: 'https://help.demo-reseller.test/',
      allowEmbeds: true,
    });
    expect((await profileFor('demo-reseller.localhost')).name).toBe('Demo Voice 2');
  });

  it('refuses bad fields by name, and organizations', async () => {
    const bad = await as.reseller.post<Body>('/api/v2/domainProfile', {
      name: '',
      supportUrl: 'javascript:alert(1)',
      supportEmail: 'nope',
      appScripts: ['http://cdn.example.com/x.js'],
    });
    expect(bad.status).toBe(400);
    const message = bad.body.message;
    for (const field of ['body.name', 'body.supportUrl', 'body.supportEmail', 'body.appScripts.0']) {
      expect(message).toContain(field);
    }
    const org = await as.acme.post('/api/v2/domainProfile', { name: 'Acme brand' });
    expect(org.status).toBe(403);
    expect((await as.acme.get<Body>('/api/v2/domainProfile')).body).toMatchObject({
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
    const response = await as.reseller.post<Body>('/api/v2/domainProfile/logo', payload, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(response.status, response.text).toBe(200);
    const image = response.body.profile.image;
    expect(image).toMatch(/^\/api\/v2\/domainProfile\/logo\/[a-f0-9-]+\.png$/);
    const served = await kit.client().get(image!);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await profileFor('demo-reseller.localhost')).details.image).toBe(image);
    const notImage = await as.reseller.post(
      '/api/v2/domainProfile/logo',
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
    );
    expect(notImage.status).toBe(400);
    expect((await kit.client().get('/api/v2/domainProfile/logo/00000000-0000.png')).status).toBe(404);
    const removed = await as.reseller.post<Body>('/api/v2/domainProfile', {
      name: 'Demo Voice',
      image: null,
    });
    expect(removed.body.profile.image).toBeNull();
    expect((await kit.client().get(image!)).status).toBe(404);
    const [row] = await kit.db
      .select()
      .from(domainProfiles)
      .where(eq(domainProfiles.accountId, kit.ids.reseller));
    expect(row?.image).toBeNull();
  });
});

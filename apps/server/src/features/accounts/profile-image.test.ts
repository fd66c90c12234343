import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoEmail, signInByEmail, type TestApp } from '@switchboard/testing';
import { accounts, eq, seedDemoData } from '@switchboard/db';

let t: TestApp;
const token: Record<string, string> = {};
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { SIGNIN_CODES_PER_IP: '1000' } });
  await seedDemoData(t.db);
  for (const who of ['acme', 'globex', 'agent1'])
    token[who] = (await signInByEmail(t.app, demoEmail(who))).token;
  for (const row of await t.db.select({ id: accounts.id, username: accounts.username }).from(accounts)) {
    id[row.username] = row.id;
  }
});
afterAll(() => t.close());

// A real 1x1 PNG, and files that only carry the other formats' signatures (the server reads no further).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 2)]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([40, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
]);

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

const boundary = '----switchboard-test-boundary';

function multipartBody(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const upload = (who: string, parts: Part[], query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/profile/dp?token=${token[who]}${query}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: multipartBody(parts),
  });

const file = (data: Buffer, name = 'image', filename = 'me.png', contentType = 'image/png'): Part => ({
  name,
  filename,
  contentType,
  data,
});

const messageOf = (response: { json: () => unknown }) => (response.json() as { message: string }).message;

describe('POST /api/v1/profile/dp', () => {
  let firstUrl = '';

  it('stores a PNG, points the account at it, and serves it with its type and a long cache', async () => {
    const response = await upload('acme', [{ name: 'caption', data: 'hello' }, file(png)]);
    expect(response.statusCode, response.body).toBe(200);
    const { success, profileImage } = response.json<{ success: boolean; profileImage: string }>();
    expect(success).toBe(true);
    expect(profileImage).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}\.png$/);
    firstUrl = profileImage;

    const served = await t.app.inject({ method: 'GET', url: profileImage });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);

    const me = await t.app.inject({ method: 'GET', url: `/api/v1/account?token=${token.acme}` });
    expect(me.json()).toMatchObject({ account: { profileImage } });
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/account/acme' });
    expect(profile.json()).toMatchObject({ account: { profileImage } });
  });

  it('judges the type by the bytes: a JPEG declared as octet-stream is a JPEG, and replaces the old picture', async () => {
    const response = await upload('acme', [file(jpeg, 'file', 'photo.bin', 'application/octet-stream')]);
    expect(response.statusCode, response.body).toBe(200);
    const { profileImage } = response.json<{ profileImage: string }>();
    expect(profileImage).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: profileImage });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
  });

  it('accepts GIF and WebP', async () => {
    for (const [data, extension] of [
      [gif, 'gif'],
      [webp, 'webp'],
    ] as const) {
      const response = await upload('globex', [file(data, 'image', `x.${extension}`, `image/${extension}`)]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ profileImage: string }>().profileImage.endsWith(`.${extension}`)).toBe(true);
    }
  });

  it('refuses a file that only claims to be an image', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const response = await upload('acme', [file(html, 'image', 'evil.png', 'image/png')]);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe('The file is not a PNG, JPEG, WebP or GIF image');
  });

  it('says what is missing: no file, an empty file, a file in another field', async () => {
    const none = await upload('acme', [{ name: 'caption', data: 'no picture' }]);
    expect(none.statusCode).toBe(400);
    expect(messageOf(none)).toMatch(/^No picture was sent/);
    const emptyForm = await upload('acme', []);
    expect(emptyForm.statusCode).toBe(400);
    const empty = await upload('acme', [file(Buffer.alloc(0))]);
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toBe('The picture file is empty');
    const other = await upload('acme', [file(png, 'avatar')]);
    expect(other.statusCode).toBe(400);
    expect(messageOf(other)).toMatch(/^Unexpected file field "avatar"/);
  });

  it('refuses a picture over 5 MB with 413, and two files with 400', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload('acme', [file(big)]);
    expect(tooLarge.statusCode).toBe(413);
    expect(messageOf(tooLarge)).toBe('The picture is larger than 5 MB');
    const two = await upload('acme', [file(png), file(png, 'file')]);
    expect(two.statusCode).toBe(400);
    expect(messageOf(two)).toMatch(/^More than one file was sent/);
  });

  it('refuses a body that is not multipart, or multipart without a boundary', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/profile/dp?token=${token.acme}`,
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(messageOf(json)).toMatch(/multipart\/form-data/);
    const nothing = await t.app.inject({ method: 'POST', url: `/api/v1/profile/dp?token=${token.acme}` });
    expect(nothing.statusCode).toBe(400);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: `/api/v1/profile/dp?token=${token.acme}`,
      headers: { 'content-type': 'multipart/form-data' },
      payload: multipartBody([file(png)]),
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(messageOf(noBoundary)).toMatch(/^The form data could not be read/);
  });

  it('changes a descendant picture, never a sibling one, and needs a session', async () => {
    const forAgent = await upload('acme', [file(png)], `&targetAccountId=${id.agent1}`);
    expect(forAgent.statusCode).toBe(200);
    const [agent] = await t.db.select().from(accounts).where(eq(accounts.id, id.agent1!));
    expect(agent?.profileImage).toBe(forAgent.json<{ profileImage: string }>().profileImage);
    const [before] = await t.db.select().from(accounts).where(eq(accounts.id, id.acme!));
    expect((await upload('globex', [file(png)], `&targetAccountId=${id.acme}`)).statusCode).toBe(403);
    expect((await upload('agent1', [file(png)], `&targetAccountId=${id.acme}`)).statusCode).toBe(403);
    const [after] = await t.db.select().from(accounts).where(eq(accounts.id, id.acme!));
    expect(after?.profileImage).toBe(before?.profileImage);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/dp',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: multipartBody([file(png)]),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/v1/avatars/:name', () => {
  it('is 404 for unknown and malformed names', async () => {
    for (const name of [
      '00000000-0000-0000-0000-000000000000.png',
      'x.meta.json',
      '..%2F..%2Fetc%2Fpasswd',
      '.hidden',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/avatars/${name}` });
      expect(response.statusCode, name).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

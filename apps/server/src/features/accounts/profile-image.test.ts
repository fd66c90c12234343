import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type ApiResponse, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { accounts, eq } from '@switchboard/db';

let kit: DemoApp;
let as: Record<'acme' | 'globex' | 'agent1', SignedInClient>;

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('acme', 'globex', 'agent1');
});
afterAll(() => kit.close());

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

/** What the upload answers: the new picture, or why it was refused. */
interface Answer {
  success: boolean;
  profileImage: string;
  message: string;
}

const multipart = { 'content-type': `multipart/form-data; boundary=${boundary}` };

const upload = (who: keyof typeof as, parts: Part[], targetAccountId?: number) =>
  as[who].post<Answer>('/api/v1/profile/dp', multipartBody(parts), {
    headers: multipart,
    ...(targetAccountId === undefined ? {} : { targetAccountId }),
  });

const file = (data: Buffer, name = 'image', filename = 'me.png', contentType = 'image/png'): Part => ({
  name,
  filename,
  contentType,
  data,
});

const messageOf = (response: ApiResponse<Answer>) => response.body.message;

describe('POST /api/v1/profile/dp', () => {
  let firstUrl = '';

  it('stores a PNG, points the account at it, and serves it with its type and a long cache', async () => {
    const response = await upload('acme', [{ name: 'caption', data: 'hello' }, file(png)]);
    expect(response.status, response.text).toBe(200);
    const { success, profileImage } = response.body;
    expect(success).toBe(true);
    expect(profileImage).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}\.png$/);
    firstUrl = profileImage;

    const served = await kit.client().get(profileImage);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.raw.rawPayload.equals(png)).toBe(true);

    const me = await as.acme.get('/api/v1/account');
    expect(me.body).toMatchObject({ account: { profileImage } });
    const profile = await kit.client().get('/api/v1/account/acme');
    expect(profile.body).toMatchObject({ account: { profileImage } });
  });

  it('judges the type by the bytes: a JPEG declared as octet-stream is a JPEG, and replaces the old picture', async () => {
    const response = await upload('acme', [file(jpeg, 'file', 'photo.bin', 'application/octet-stream')]);
    expect(response.status, response.text).toBe(200);
    const { profileImage } = response.body;
    expect(profileImage).toMatch(/\.jpg$/);
    const served = await kit.client().get(profileImage);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await kit.client().get(firstUrl)).status).toBe(404);
  });

  it('accepts GIF and WebP', async () => {
    for (const [data, extension] of [
      [gif, 'gif'],
      [webp, 'webp'],
    ] as const) {
      const response = await upload('globex', [file(data, 'image', `x.${extension}`, `image/${extension}`)]);
      expect(response.status, response.text).toBe(200);
      expect(response.body.profileImage.endsWith(`.${extension}`)).toBe(true);
    }
  });

  it('refuses a file that only claims to be an image', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const response = await upload('acme', [file(html, 'image', 'evil.png', 'image/png')]);
    expect(response.status).toBe(400);
    expect(messageOf(response)).toBe('The file is not a PNG, JPEG, WebP or GIF image');
  });

  it('says what is missing: no file, an empty file, a file in another field', async () => {
    const none = await upload('acme', [{ name: 'caption', data: 'no picture' }]);
    expect(none.status).toBe(400);
    expect(messageOf(none)).toMatch(/^No picture was sent/);
    const emptyForm = await upload('acme', []);
    expect(emptyForm.status).toBe(400);
    const empty = await upload('acme', [file(Buffer.alloc(0))]);
    expect(empty.status).toBe(400);
    expect(messageOf(empty)).toBe('The picture file is empty');
    const other = await upload('acme', [file(png, 'avatar')]);
    expect(other.status).toBe(400);
    expect(messageOf(other)).toMatch(/^Unexpected file field "avatar"/);
  });

  it('refuses a picture over 5 MB with 413, and two files with 400', async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload('acme', [file(big)]);
    expect(tooLarge.status).toBe(413);
    expect(messageOf(tooLarge)).toBe('The picture is larger than 5 MB');
    const two = await upload('acme', [file(png), file(png, 'file')]);
    expect(two.status).toBe(400);
    expect(messageOf(two)).toMatch(/^More than one file was sent/);
  });

  it('refuses a body that is not multipart, or multipart without a boundary', async () => {
    const json = await as.acme.post<Answer>('/api/v1/profile/dp', { image: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(400);
    expect(messageOf(json)).toMatch(/multipart\/form-data/);
    const nothing = await as.acme.post('/api/v1/profile/dp');
    expect(nothing.status).toBe(400);
    const noBoundary = await as.acme.post<Answer>('/api/v1/profile/dp', multipartBody([file(png)]), {
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
    expect(messageOf(noBoundary)).toMatch(/^The form data could not be read/);
  });

  it('changes a descendant picture, never a sibling one, and needs a session', async () => {
    const forAgent = await upload('acme', [file(png)], kit.ids.agent1);
    expect(forAgent.status).toBe(200);
    const [agent] = await kit.db.select().from(accounts).where(eq(accounts.id, kit.ids.agent1));
    expect(agent?.profileImage).toBe(forAgent.body.profileImage);
    const [before] = await kit.db.select().from(accounts).where(eq(accounts.id, kit.ids.acme));
    expect((await upload('globex', [file(png)], kit.ids.acme)).status).toBe(403);
    expect((await upload('agent1', [file(png)], kit.ids.acme)).status).toBe(403);
    const [after] = await kit.db.select().from(accounts).where(eq(accounts.id, kit.ids.acme));
    expect(after?.profileImage).toBe(before?.profileImage);
    const anonymous = await kit.client().post('/api/v1/profile/dp', multipartBody([file(png)]), {
      headers: multipart,
    });
    expect(anonymous.status).toBe(401);
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
      const response = await kit.client().get(`/api/v1/avatars/${name}`);
      expect(response.status, name).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

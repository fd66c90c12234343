import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits, sql } from '@switchboard/db';
import {
  demoEmail,
  readCodeFromOutbox,
  startApp,
  type DemoApp,
  type StartAppOptions,
} from '@switchboard/testing';

let kit: DemoApp;
beforeAll(async () => {
  // The wrong-code limit is left at its default: 30 per client address in 15 minutes.
  kit = await startApp();
});
afterAll(() => kit.close());

/** Another server process on the same database (the demo data is already there). */
const another = (env: StartAppOptions['env']) => startApp({ seed: 'empty', database: kit.database, env });

// Each call comes from a client address of its own choosing: the raw inject.
type App = DemoApp['app'];
const guess = (app: App, email: string, from: string, verificationCode = '000000') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/email/verify',
    remoteAddress: from,
    payload: { email, verificationCode },
  });
const askCode = (app: App, email: string, from: string) =>
  app.inject({ method: 'POST', url: '/api/v1/signin/email', remoteAddress: from, payload: { email } });
const retryAfter = (response: { headers: Record<string, unknown> }) =>
  Number(response.headers['retry-after']);

/** Moves every counted hit of a bucket and key so the oldest leaves its window `seconds` from now. */
async function ageHits(bucket: string, key: string, seconds: number) {
  await kit.db.execute(
    sql`UPDATE ${rateLimitHits} SET expires_at = expires_at - (
          (SELECT min(expires_at) FROM ${rateLimitHits} WHERE bucket = ${bucket} AND key = ${key})
          - now() - ${seconds} * interval '1 second')
        WHERE bucket = ${bucket} AND key = ${key}`,
  );
}

describe('wrong sign-in codes per client address', () => {
  it('allow 30 in 15 minutes over any number of addresses, then 429 with Retry-After until a slot frees', async () => {
    const from = '203.0.113.7';
    await askCode(kit.app, demoEmail('agent1'), from);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const email = i % 3 === 0 ? demoEmail('agent1') : `guess-${i}@example.com`;
      statuses.push((await guess(kit.app, email, from)).statusCode);
    }
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 401));

    const refused = await guess(kit.app, 'guess-31@example.com', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many wrong codes were tried from your network. Try again in 15 minutes.',
    });
    expect(retryAfter(refused)).toBeGreaterThan(890);
    expect(retryAfter(refused)).toBeLessThanOrEqual(900);
    // Even the right code waits: the limit is on the address, not on what it guesses.
    const right = await guess(
      kit.app,
      demoEmail('agent1'),
      from,
      await readCodeFromOutbox(kit.app, demoEmail('agent1')),
    );
    expect(right.statusCode).toBe(429);

    // Another client address is not held back.
    expect((await guess(kit.app, 'guess-1@example.com', '198.51.100.2')).statusCode).toBe(401);

    // Retry-After counts down to the moment the oldest wrong try leaves the window; then one more try is taken.
    await ageHits('wrong-codes-ip', from, 42);
    const soon = retryAfter(await guess(kit.app, 'guess-32@example.com', from));
    expect(soon).toBeGreaterThanOrEqual(40);
    expect(soon).toBeLessThanOrEqual(42);
    await kit.db.execute(
      sql`UPDATE ${rateLimitHits} SET expires_at = now() - interval '1 second' WHERE id = (
            SELECT id FROM ${rateLimitHits} WHERE bucket = 'wrong-codes-ip' AND key = ${from}
            ORDER BY expires_at LIMIT 1)`,
    );
    expect((await guess(kit.app, 'guess-33@example.com', from)).statusCode).toBe(401);
    expect((await guess(kit.app, 'guess-34@example.com', from)).statusCode).toBe(429);
  });

  it('do not count a right code', async () => {
    const limited = await another({ SIGNIN_WRONG_CODES_PER_IP: '2' });
    const from = '203.0.113.8';
    expect((await guess(limited.app, demoEmail('agent2'), from)).statusCode).toBe(401);
    await askCode(limited.app, demoEmail('agent2'), from);
    const code = await readCodeFromOutbox(limited.app, demoEmail('agent2'));
    expect((await guess(limited.app, demoEmail('agent2'), from, code)).statusCode).toBe(200);
    expect((await guess(limited.app, demoEmail('agent2'), from)).statusCode).toBe(401);
    expect((await guess(limited.app, demoEmail('agent2'), from)).statusCode).toBe(429);
    await limited.close();
  });

  it('hold when tries arrive together', async () => {
    const limited = await another({ SIGNIN_WRONG_CODES_PER_IP: '5' });
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) => guess(limited.app, `together-${i}@example.com`, '203.0.113.9')),
    );
    const statuses = tries.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(7).fill(429)]);
    await limited.close();
  });
});

describe('the limits are kept in the database', () => {
  it('so server processes sharing it share them, and a restarted server still holds them', async () => {
    const env = { SIGNIN_WRONG_CODES_PER_IP: '3', SIGNIN_CODES_PER_IDENTIFIER: '2' };
    const one = await another(env);
    const two = await another(env);
    const from = '192.0.2.44';
    expect((await guess(one.app, 'shared-1@example.com', from)).statusCode).toBe(401);
    expect((await guess(two.app, 'shared-2@example.com', from)).statusCode).toBe(401);
    expect((await guess(one.app, 'shared-3@example.com', from)).statusCode).toBe(401);
    expect((await guess(two.app, 'shared-4@example.com', from)).statusCode).toBe(429);
    expect((await guess(one.app, 'shared-5@example.com', from)).statusCode).toBe(429);

    const email = demoEmail('agent3');
    expect((await askCode(one.app, email, '192.0.2.45')).statusCode).toBe(200);
    expect((await askCode(two.app, email, '192.0.2.46')).statusCode).toBe(200);
    expect((await askCode(one.app, email, '192.0.2.47')).statusCode).toBe(429);

    await one.close();
    await two.close();
    const restarted = await another(env);
    const refused = await guess(restarted.app, 'shared-6@example.com', from);
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(890);
    const codes = await askCode(restarted.app, email, '192.0.2.48');
    expect(codes.statusCode).toBe(429);
    expect(retryAfter(codes)).toBeGreaterThan(590);
    expect(retryAfter(codes)).toBeLessThanOrEqual(600);
    await restarted.close();
  });

  it('and drop hits once their window has passed', async () => {
    await kit.db.execute(sql`UPDATE ${rateLimitHits} SET expires_at = now() - interval '1 second'`);
    await askCode(kit.app, 'sweep@example.com', '192.0.2.99');
    const left = await kit.db.select().from(rateLimitHits);
    expect(left.every((hit) => hit.key === 'sweep@example.com' || hit.key === '192.0.2.99')).toBe(true);
  });
});

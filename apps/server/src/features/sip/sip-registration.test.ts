import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SipRegistrationView } from '@switchboard/contract';
import { eq, sipRegistrations } from '@switchboard/db';
import {
  startApp,
  startFakeSipPhone,
  startFakeSipRegistrar,
  type DemoApp,
  type FakeSipRegistrar,
  type SignedInClient,
} from '@switchboard/testing';
import { answerChallenge, readChallenge } from './sip-digest';
import { refreshAfterSeconds } from './sip-registrar';

// Registration to a customer's phone system: the SIP endpoint REGISTERs to a registrar on loopback (packages/
// testing's fake, its own SIP parsing and digest check), answers its challenge, refreshes, records failures in
// plain words and unregisters; the API keeps the password sealed and each tenant to its own registration.
let t: DemoApp;
let acme: SignedInClient;
let globex: SignedInClient;
let endpointPort = 0;
const registrars: FakeSipRegistrar[] = [];

beforeAll(async () => {
  t = await startApp({ env: { SIP_PORT: '0', SIP_HOST: '127.0.0.1', SIP_TCP: 'off' } });
  endpointPort = t.app.sipEndpoint?.port ?? 0;
  if (!endpointPort) throw new Error('the SIP endpoint did not start');
  acme = await t.signIn('acme');
  globex = await t.signIn('globex');
}, 60_000);
afterAll(async () => {
  for (const registrar of registrars) await registrar.close();
  await t.close();
});

async function registrar(options: Parameters<typeof startFakeSipRegistrar>[0] = {}) {
  const started = await startFakeSipRegistrar(options);
  registrars.push(started);
  return started;
}

type Answer = { message: string; registration: SipRegistrationView };

/** Waits until the registrar stores the state for the account (its `recorded` event), then reads it back. */
async function until(client: SignedInClient, state: string, accountId: number) {
  const registrar = t.app.sipRegistrar;
  let listener: (account: number, row: { state: string }) => void = () => undefined;
  const recorded = new Promise<void>((resolve) => {
    listener = (account, row) => {
      if (account === accountId && row.state === state) resolve();
    };
    registrar.on('recorded', listener);
  });
  try {
    const now = await client.get<Answer>('/api/v2/sip/registration');
    if (now.body.registration.state !== state) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the registration did not become ${state}`)), 10_000);
      });
      await Promise.race([recorded, timeout]).finally(() => clearTimeout(timer));
    }
  } finally {
    registrar.off('recorded', listener);
  }
  const answer = await client.get<Answer>('/api/v2/sip/registration');
  expect(answer.body.registration.state).toBe(state);
  return answer.body.registration;
}

describe('digest answers', () => {
  it('match RFC 2617’s worked example (MD5, qop=auth)', () => {
    const challenge = readChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    expect(challenge).not.toBeNull();
    const answer = answerChallenge(
      challenge!,
      { username: 'Mufasa', password: 'Circle Of Life' },
      { method: 'GET', uri: '/dir/index.html' },
      1,
      '0a4f113b',
    );
    expect(answer.response).toBe('"6629fae49393a05397450978507c4ef1"');
    expect(answer.opaque).toBe('"5ccc069c403ebaf9f0171e9517f40e41"');
    expect(answer.nc).toBe('00000001');
  });

  it('refresh a binding before it lapses', () => {
    expect(refreshAfterSeconds(3600)).toBe(3540);
    expect(refreshAfterSeconds(300)).toBe(270);
    expect(refreshAfterSeconds(60)).toBe(30);
    expect(refreshAfterSeconds(1)).toBe(1);
  });
});

describe('registering to a phone system', () => {
  it('answers the 401 challenge with digest, is registered, refreshes, and never answers the password', async () => {
    const pbx = await registrar({ users: { 'auth-1001': 'pw-1001' }, expires: 2 });
    const made = await acme.post<Answer>('/api/v2/sip/registration', {
      username: '1001',
      authUsername: 'auth-1001',
      password: 'pw-1001',
      sipRealm: '127.0.0.1',
      port: pbx.port,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.message).toBe('Registration created successfully');
    expect(made.body.registration).toMatchObject({ aor: 'sip:1001@127.0.0.1', transport: 'udp' });
    expect(made.text).not.toContain('pw-1001');

    const registered = await until(acme, 'registered', t.ids.acme);
    expect(registered.lastError).toBeNull();
    expect(registered.expiresAt).toBeGreaterThan(Date.now() - 1000);
    const [first, second] = pbx.registers;
    expect(first?.status).toBe(401);
    expect(second?.status).toBe(200);
    expect(second?.request.headers.get('authorization')?.[0]).toMatch(/^Digest .*username="auth-1001"/);
    expect(pbx.bindings.get('sip:1001@127.0.0.1')).toBe(`sip:acme@127.0.0.1:${endpointPort}`);
    // Granted 2 s: refreshed after 1 s with the same Call-ID and a higher CSeq, answered without a new challenge.
    await pbx.until(
      () => pbx.registers.filter((seen) => seen.status === 200).length >= 2,
      'a refresh',
      5_000,
    );
    const refresh = pbx.registers.filter((seen) => seen.status === 200)[1];
    expect(refresh?.request.headers.get('call-id')).toEqual(second?.request.headers.get('call-id'));
    const cseq = (seen: typeof refresh) => Number(seen?.request.headers.get('cseq')?.[0]?.split(' ')[0]);
    expect(cseq(refresh)).toBeGreaterThan(cseq(second));

    const [row] = await t.db
      .select()
      .from(sipRegistrations)
      .where(eq(sipRegistrations.accountId, t.ids.acme));
    expect(row?.password).toMatch(/^sealed:/);
    expect(row?.password).not.toContain('pw-1001');
    const read = await acme.get<Answer>('/api/v2/sip/registration');
    expect(read.text).not.toContain('pw-1001');
    expect(read.body.registration).not.toHaveProperty('password');

    const changed = await acme.post<Answer>('/api/v2/sip/registration', {
      username: '1001',
      authUsername: 'auth-1001',
      password: 'wrong',
      sipRealm: '127.0.0.1',
      port: pbx.port,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.message).toBe('Registration updated successfully');
    const failed = await until(acme, 'failed', t.ids.acme);
    expect(failed.lastError).toContain('refused the user name or password (401 Unauthorized)');

    const removed = await acme.delete<{ message: string }>('/api/v2/sip/registration');
    expect(removed.body.message).toBe('Registration deleted successfully');
    expect((await acme.get('/api/v2/sip/registration')).status).toBe(404);
    expect((await acme.delete('/api/v2/sip/registration')).status).toBe(404);
  });

  it('answers a proxy’s 407 through the proxy, and unregisters with Expires: 0 when removed', async () => {
    const pbx = await registrar({ users: { '2002': 'pw-2002' }, asProxy: true, realm: 'pbx.globex.test' });
    const made = await globex.post<Answer>('/api/v2/sip/registration', {
      aor: 'sip:2002@pbx.globex.test',
      username: '2002',
      password: 'pw-2002',
      sipRealm: 'pbx.globex.test',
      proxy: '127.0.0.1',
      port: pbx.port,
      transport: 'UDP',
    });
    expect(made.status, made.text).toBe(201);
    await until(globex, 'registered', t.ids.globex);
    expect(pbx.registers[1]?.request.headers.get('proxy-authorization')?.[0]).toContain(
      'realm="pbx.globex.test"',
    );
    expect(pbx.registers[1]?.request.uri).toBe('sip:pbx.globex.test');
    expect(pbx.bindings.has('sip:2002@pbx.globex.test')).toBe(true);

    await globex.delete('/api/v2/sip/registration');
    await pbx.until(() => !pbx.bindings.has('sip:2002@pbx.globex.test'), 'the binding to be dropped');
    expect(pbx.registers.at(-1)?.request.headers.get('expires')?.[0]).toBe('0');
  });

  it('records an unreachable or refusing phone system in plain words', async () => {
    const pbx = await registrar();
    pbx.failWith(403);
    await acme.post<Answer>('/api/v2/sip/registration', {
      username: '1001',
      password: 'secret-1001',
      sipRealm: '127.0.0.1',
      port: pbx.port,
    });
    const refused = await until(acme, 'failed', t.ids.acme);
    expect(refused.lastError).toBe(
      'The phone system refused this registration (403 Forced): check the user name and that the extension may register.',
    );
    await acme.delete('/api/v2/sip/registration');
  });
});

describe('the registration API', () => {
  // A loopback realm: nothing is looked up in DNS, and nothing answers on port 9.
  const valid = { username: '3003', password: 'pw', sipRealm: '127.0.0.1' };

  it('refuses what does not parse, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, transport: 'tls' }, 'body.transport: must be udp or tcp (TLS is not offered yet)'],
      [
        { ...valid, aor: 'not an aor' },
        'body.aor: must be an address of record like sip:1001@pbx.example.com',
      ],
      [{ ...valid, aor: 'sips:3003@127.0.0.1' }, 'body.aor: sips: needs TLS'],
      [{ ...valid, sipRealm: 'bad realm!' }, 'body.sipRealm: must be a host name or an IP address'],
      [{ ...valid, port: 70000 }, 'body.port: must be a port from 1 to 65535'],
      [{ ...valid, password: '' }, 'body.password: is required'],
      [{ ...valid, username: 'a b' }, 'body.username: must be the extension or user name without spaces'],
    ];
    for (const [body, message] of cases) {
      const answer = await acme.post<{ message: string }>('/api/v2/sip/registration', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await acme.get('/api/v2/sip/registration')).status).toBe(404);
  });

  it('keeps each tenant to its own registration, and an AOR to one account', async () => {
    const made = await acme.post('/api/v2/sip/registration', { ...valid, port: 9 });
    expect(made.status, made.text).toBe(201);
    const taken = await globex.post<{ message: string }>('/api/v2/sip/registration', { ...valid, port: 9 });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('sip:3003@127.0.0.1 is already registered by another account');
    expect((await globex.get('/api/v2/sip/registration')).status).toBe(404);
    const target = { targetAccountId: t.ids.acme };
    expect((await globex.get('/api/v2/sip/registration', target)).status).toBe(403);
    expect((await globex.post('/api/v2/sip/registration', { ...valid, port: 9 }, target)).status).toBe(403);
    expect((await globex.delete('/api/v2/sip/registration', undefined, target)).status).toBe(403);
    expect((await acme.get('/api/v2/sip/registration')).status).toBe(200);
    expect((await t.client().get('/api/v2/sip/registration')).status).toBe(401);
    await acme.delete('/api/v2/sip/registration');
  });
});

describe('the SIP endpoint under abuse', () => {
  it('tells a flood of INVITEs from one address to wait, and keeps serving', async () => {
    const phone = await startFakeSipPhone();
    try {
      const server = { host: '127.0.0.1', port: endpointPort };
      const statuses: number[] = [];
      for (let i = 0; i < 35; i += 1) {
        const call = phone.call({ server, to: 'no-such-agent', from: '+15557770999' });
        statuses.push((await call.response('INVITE')).status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(30)).toEqual([503, 503, 503, 503, 503]);
      phone.sendRaw(server, Buffer.alloc(60_000, 0x49));
      // Another address is still answered as usual.
      const other = await startFakeSipPhone('127.0.0.2');
      try {
        const call = other.call({ server, to: 'no-such-agent', from: '+15557770998' });
        expect((await call.response('INVITE')).status).toBe(404);
      } finally {
        await other.close();
      }
      expect(t.app.sipEndpoint?.activeCalls).toBe(0);
    } finally {
      await phone.close();
    }
  });
});

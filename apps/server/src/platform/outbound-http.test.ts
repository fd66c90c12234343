import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { createSecureContext } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress } from './outbound-address';
import { createOutboundHttp, OutboundRequestError, type ResolveHost } from './outbound-http';

const names =
  (table: Record<string, string[]>): ResolveHost =>
  (hostname) => {
    const addresses = table[hostname];
    if (!addresses) return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };

const noLookup: ResolveHost = (hostname) => Promise.reject(new Error(`${hostname} must not be resolved`));

async function failure(promise: Promise<unknown>): Promise<OutboundRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundRequestError) return error;
    throw error;
  }
  throw new Error('the request was answered');
}

async function listen<T extends Server>(server: T): Promise<{ server: T; port: number }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function close(server: ReturnType<typeof createServer>) {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('classifying addresses', () => {
  it('refuses every non-public range and every embedded private IPv4, with the reason', () => {
    const refused: Record<string, string> = {
      '127.0.0.1': '127.0.0.1 is a loopback address',
      '10.1.2.3': 'a private address',
      '172.16.0.1': 'a private address',
      '192.168.0.9': 'a private address',
      '169.254.169.254': 'a link-local address',
      '100.64.0.1': 'a carrier-grade NAT address',
      '224.0.0.1': 'a multicast address',
      '0.0.0.0': 'an unspecified address',
      '255.255.255.255': 'a broadcast address',
      '240.0.0.1': 'a reserved address',
      '192.0.2.1': 'a reserved address',
      '::1': 'a loopback address',
      '::': 'an unspecified address',
      'fe80::1': 'a link-local address',
      'fd00::1': 'a unique-local address',
      'fec0::1': 'a site-local address',
      'ff02::1': 'a multicast address',
      '2001:db8::1': 'a reserved address',
      '::ffff:127.0.0.1': 'an IPv4-mapped address for 127.0.0.1, a loopback address',
      '::ffff:a9fe:a9fe': 'an IPv4-mapped address for 169.254.169.254, a link-local address',
      '::ffff:0:a00:1': 'an IPv4-translated address for 10.0.0.1, a private address',
      '::7f00:1': 'an IPv4-compatible address for 127.0.0.1, a loopback address',
      '64:ff9b::127.0.0.1': 'a NAT64 address for 127.0.0.1, a loopback address',
      '64:ff9b::a9fe:a9fe': 'a NAT64 address for 169.254.169.254, a link-local address',
      '64:ff9b:1::a00:1': 'a NAT64 address for 10.0.0.1, a private address',
      '64:ff9b:1::808:808': 'a local-use NAT64 address',
      '2002:7f00:1::1': 'a 6to4 address for 127.0.0.1, a loopback address',
      '2002:a9fe:a9fe::': 'a 6to4 address for 169.254.169.254, a link-local address',
      // Teredo: server 65.54.227.120, client 127.0.0.1 stored inverted (ffff ffff xor 7f00 0001).
      '2001:0:4136:e378:8000:63bf:80ff:fffe': 'a Teredo address for 127.0.0.1, a loopback address',
      '2001:0:a00:1::': 'a Teredo address for 10.0.0.1, a private address',
    };
    for (const [address, reason] of Object.entries(refused)) {
      const verdict = classifyAddress(address);
      expect(verdict.allowed, address).toBe(false);
      expect(verdict.allowed ? '' : verdict.reason, address).toContain(reason);
    }
  });

  it('reads the legacy IPv4 spellings as the address they name', () => {
    for (const form of ['2130706433', '0177.0.0.1', '0x7f.0.0.1', '127.1', '0x7f000001']) {
      expect(classifyAddress(form)).toEqual({
        allowed: false,
        reason: `${form} (127.0.0.1) is a loopback address`,
      });
    }
  });

  it('lets public unicast addresses through, also when embedded', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(classifyAddress(address), address).toEqual({ allowed: true });
    }
  });
});

describe('the outbound client', () => {
  const strict = createOutboundHttp({ allowPrivateNetwork: false, resolveHost: noLookup });

  it('refuses every spelling of an internal address in a URL, before connecting', async () => {
    const cases: Record<string, string> = {
      'http://127.0.0.1/': 'refused: 127.0.0.1 is a loopback address',
      'http://2130706433/': 'refused: 127.0.0.1 is a loopback address',
      'http://0177.0.0.1/': 'refused: 127.0.0.1 is a loopback address',
      'http://0x7f.0.0.1/': 'refused: 127.0.0.1 is a loopback address',
      'http://127.1/': 'refused: 127.0.0.1 is a loopback address',
      'http://[::ffff:127.0.0.1]/': 'refused: ::ffff:7f00:1 is an IPv4-mapped address for 127.0.0.1',
      'http://[::ffff:169.254.169.254]/': 'for 169.254.169.254, a link-local address',
      'http://[::127.0.0.1]/': 'is an IPv4-compatible address for 127.0.0.1',
      'http://[64:ff9b::169.254.169.254]/': 'is a NAT64 address for 169.254.169.254',
      'http://[64:ff9b:1::a00:1]/': 'is a NAT64 address for 10.0.0.1',
      'http://[2002:a9fe:a9fe::1]/': 'is a 6to4 address for 169.254.169.254',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/': 'is a Teredo address for 127.0.0.1',
      'https://[fd12:3456::1]/': 'is a unique-local address',
      'http://[::1]:8080/': 'refused: ::1 is a loopback address',
      'http://0.0.0.0/': 'is an unspecified address',
      'http://100.100.100.100/': 'is a carrier-grade NAT address',
    };
    for (const [url, message] of Object.entries(cases)) {
      const error = await failure(strict.request({ url, timeoutMs: 1000 }));
      expect(error.code, url).toBe('REFUSED');
      expect(error.message, url).toContain(message);
    }
  });

  it('refuses names that resolve to internal addresses, if any of their addresses is one', async () => {
    const client = createOutboundHttp({
      allowPrivateNetwork: false,
      resolveHost: names({
        'internal.test': ['10.0.0.7'],
        'mixed.test': ['93.184.216.34', '::ffff:127.0.0.1'],
      }),
    });
    expect((await failure(client.request({ url: 'https://internal.test/x', timeoutMs: 1000 }))).message).toBe(
      'refused: 10.0.0.7 is a private address (the address of internal.test)',
    );
    expect(
      (await failure(client.request({ url: 'https://mixed.test/', timeoutMs: 1000 }))).message,
    ).toContain('for 127.0.0.1, a loopback address (the address of mixed.test)');
    expect((await failure(client.request({ url: 'https://nowhere.test/', timeoutMs: 1000 }))).code).toBe(
      'HOST_NOT_FOUND',
    );
    // The system resolver: localhost is 127.0.0.1 and/or ::1.
    const system = createOutboundHttp({ allowPrivateNetwork: false });
    const localhost = await failure(system.request({ url: 'http://localhost:1/', timeoutMs: 2000 }));
    expect(localhost.message).toMatch(/^refused: .* is a loopback address \(the address of localhost\)$/);
    expect((await failure(strict.request({ url: 'file:///etc/passwd', timeoutMs: 1000 }))).code).toBe(
      'INVALID_URL',
    );
  });

  describe('against a local server', () => {
    let port = 0;
    let server: ReturnType<typeof createServer>;
    const seen: { url: string; method: string; host: string; authorization: string }[] = [];

    beforeAll(async () => {
      const handle = (request: IncomingMessage, response: ServerResponse) => {
        seen.push({
          url: request.url ?? '',
          method: request.method ?? '',
          host: request.headers.host ?? '',
          authorization: request.headers.authorization ?? '',
        });
        const redirects: Record<string, string> = {
          '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
          '/to-mapped': 'http://[::ffff:a9fe:a9fe]/',
          '/to-internal-name': 'http://internal.test/',
          '/to-other': `http://other.test:${port}/echo`,
          '/loop': '/loop',
        };
        const location = redirects[request.url ?? ''];
        if (location) {
          response.writeHead(request.url === '/to-other' ? 303 : 302, { location });
          response.end();
        } else if (request.url === '/big') {
          response.end('x'.repeat(300 * 1024));
        } else if (request.url === '/slow') {
          setTimeout(() => response.end('late'), 2000);
        } else {
          response.end(JSON.stringify(seen.at(-1)));
        }
      };
      ({ server, port } = await listen(createServer(handle)));
    });
    afterAll(() => close(server));

    // The test server stands in for a public host: only its address is let through besides public ones.
    const publicClient = (resolveHost: ResolveHost) =>
      createOutboundHttp({
        allowPrivateNetwork: false,
        resolveHost,
        checkAddress: (address) => (address === '127.0.0.1' ? { allowed: true } : classifyAddress(address)),
      });
    const resolve = names({
      'public.test': ['127.0.0.1'],
      'other.test': ['127.0.0.1'],
      'internal.test': ['10.0.0.7'],
    });

    it('re-checks every redirect hop, and follows none unless asked', async () => {
      const client = publicClient(resolve);
      const unfollowed = await client.request({
        url: `http://public.test:${port}/to-metadata`,
        timeoutMs: 2000,
      });
      expect(unfollowed).toMatchObject({ status: 302, ok: false });
      expect(unfollowed.headers.get('location')).toBe('http://169.254.169.254/latest/meta-data/');
      const follow = { timeoutMs: 2000, followRedirects: { maxHops: 5 } };
      const cases: Record<string, string> = {
        '/to-metadata': 'refused: 169.254.169.254 is a link-local address',
        '/to-mapped':
          'refused: ::ffff:a9fe:a9fe is an IPv4-mapped address for 169.254.169.254, a link-local address',
        '/to-internal-name': 'refused: 10.0.0.7 is a private address (the address of internal.test)',
      };
      for (const [path, message] of Object.entries(cases)) {
        const error = await failure(client.request({ url: `http://public.test:${port}${path}`, ...follow }));
        expect(error).toMatchObject({ code: 'REFUSED', message });
      }
      expect(
        (await failure(client.request({ url: `http://public.test:${port}/loop`, ...follow }))).code,
      ).toBe('TOO_MANY_REDIRECTS');
    });

    it('follows a redirect as fetch does: 303 turns into GET, credentials stay with their origin', async () => {
      const answer = await publicClient(resolve).request({
        url: `http://public.test:${port}/to-other`,
        method: 'POST',
        headers: { Authorization: 'Bearer secret', 'Content-Type': 'application/json' },
        body: '{}',
        timeoutMs: 2000,
        followRedirects: { maxHops: 1 },
      });
      expect(answer.url.toString()).toBe(`http://other.test:${port}/echo`);
      expect(JSON.parse(answer.body.toString())).toMatchObject({
        method: 'GET',
        host: `other.test:${port}`,
        authorization: '',
      });
    });

    it('connects to the address it checked even when the name would resolve elsewhere a second time', async () => {
      let lookups = 0;
      const rebinding: ResolveHost = () => {
        lookups += 1;
        return Promise.resolve([{ address: lookups === 1 ? '127.0.0.1' : '10.0.0.7', family: 4 }]);
      };
      const client = publicClient(rebinding);
      // rebind.test exists only in the injected resolver: a connection that looked the name up again would
      // either fail (the system resolver) or get the second answer.
      const answer = await client.request({ url: `http://rebind.test:${port}/echo`, timeoutMs: 2000 });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ host: `rebind.test:${port}` });
      expect(lookups).toBe(1);
      // The next request resolves afresh, gets the rebound answer, and is refused.
      const next = await failure(client.request({ url: `http://rebind.test:${port}/echo`, timeoutMs: 2000 }));
      expect(next.message).toBe('refused: 10.0.0.7 is a private address (the address of rebind.test)');
    });

    it('caps the answer, times out, and lets private addresses through only when allowed', async () => {
      const open = createOutboundHttp({ allowPrivateNetwork: true });
      const big = await open.request({
        url: `http://127.0.0.1:${port}/big`,
        timeoutMs: 2000,
        maxBytes: 1000,
      });
      expect(big).toMatchObject({ status: 200, ok: true, truncated: true });
      expect(big.body.byteLength).toBe(1000);
      const slow = await failure(open.request({ url: `http://127.0.0.1:${port}/slow`, timeoutMs: 200 }));
      expect(slow).toMatchObject({ code: 'TIMEOUT', message: 'no answer within 0.2 s' });
      const closed = await failure(open.request({ url: 'http://127.0.0.1:1/', timeoutMs: 2000 }));
      expect(closed.code).toBe('UNREACHABLE');
    });
  });

  it('speaks TLS to the host name: SNI is the name and the certificate is verified', async () => {
    let servername = '';
    const context = createSecureContext({ key: testKey, cert: testCertificate });
    const { server, port } = await listen(
      createTlsServer(
        {
          key: testKey,
          cert: testCertificate,
          SNICallback: (name, done) => {
            servername = name;
            done(null, context);
          },
        },
        (_request, response) => response.end('ok'),
      ),
    );
    server.on('tlsClientError', () => undefined);
    try {
      const client = createOutboundHttp({
        allowPrivateNetwork: true,
        resolveHost: names({ 'tls.test': ['127.0.0.1'] }),
      });
      const error = await failure(client.request({ url: `https://tls.test:${port}/`, timeoutMs: 2000 }));
      // Self-signed: refused by the client, which proves the certificate was checked at all.
      expect(error).toMatchObject({ code: 'UNREACHABLE' });
      expect(error.message).toMatch(/self[- ]signed certificate/);
      expect(servername).toBe('tls.test');
    } finally {
      await close(server);
    }
  });
});

// A throwaway self-signed certificate for tls.test (valid until 2126), made for this test only.
const testKey = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgymnuatzTAR/BJBU7
jIgVCLEjOQCjLGfXoSvp62gghR2hRANCAAS824xRXM0GFezVKrzBREDgWmoayf1S
zBWma8OxouoyQ0mDWkG0vMLel9Zk/vmkT5rlrlNcIbot8POJXdDKxJTN
-----END PRIVATE KEY-----
`;
const testCertificate = `-----BEGIN CERTIFICATE-----
MIIBkjCCATigAwIBAgIUPsY9xRn5xBhomTAtcC49UjhnWR8wCgYIKoZIzj0EAwIw
EzERMA8GA1UEAwwIdGxzLnRlc3QwIBcNMjYxMTI0MjAwNjA3WhgPMjEyNjEwMzEy
MDA2MDdaMBMxETAPBgNVBAMMCHRscy50ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0D
AQcDQgAEvNuMUVzNBhXs1Sq8wURA4FpqGsn9UswVpmvDsaLqMkNJg1pBtLzC3pfW
ZP75pE+a5a5TXCG6LfDziV3QysSUzaNoMGYwHQYDVR0OBBYEFCkuT3kyHsla+1kI
FkxPvbIk13KFMB8GA1UdIwQYMBaAFCkuT3kyHsla+1kIFkxPvbIk13KFMA8GA1Ud
EwEB/wQFMAMBAf8wEwYDVR0RBAwwCoIIdGxzLnRlc3QwCgYIKoZIzj0EAwIDSAAw
RQIhAI5YYdxBYEJNhSPL9NVdvNj3f2iqd+5CwwX7To1AsKMnAiAuVy2gsDCERrIo
SGDFTpE8HnnS8tQJvqQmdZ55zSzLhQ==
-----END CERTIFICATE-----
`;

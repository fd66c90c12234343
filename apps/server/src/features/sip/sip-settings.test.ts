import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SipWhitelistEntryView } from '@switchboard/contract';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { addressInRange, parseAddressRange } from './sip-address';
import { formatSipRoute, parseSipRoute } from './sip-route';

let kit: DemoApp;
let as: Record<'acme' | 'globex' | 'agent1' | 'agent3', SignedInClient>;

beforeAll(async () => {
  kit = await startApp();
  as = await kit.signInEach('acme', 'globex', 'agent1', 'agent3');
});
afterAll(() => kit.close());

interface Body {
  success: boolean;
  code: string;
  message: string;
  whitelist: SipWhitelistEntryView[];
  routes: string[];
}

describe('whitelist entries', () => {
  it('reads addresses and CIDR ranges into one normal form', () => {
    expect(parseAddressRange(' 203.0.113.10 ')).toEqual({ ok: true, text: '203.0.113.10' });
    expect(parseAddressRange('198.51.100.7/24')).toEqual({ ok: true, text: '198.51.100.0/24' });
    expect(parseAddressRange('2001:DB8:0:0::1')).toEqual({ ok: true, text: '2001:db8::1' });
    expect(parseAddressRange('2001:db8::1/32')).toEqual({ ok: true, text: '2001:db8::/32' });
    expect(parseAddressRange('10.0.0.1/32')).toEqual({ ok: true, text: '10.0.0.1' });
    expect(parseAddressRange('0.0.0.0/0')).toEqual({ ok: true, text: '0.0.0.0/0' });
    for (const [input, problem] of [
      ['300.1.1.1', 'is not an IPv4 or IPv6 address'],
      ['10', 'is not an IPv4 or IPv6 address'],
      ['0x7f.0.0.1', 'is not an IPv4 or IPv6 address'],
      ['sip.example.com', 'is not an IPv4 or IPv6 address'],
      ['10.0.0.0/33', 'must be a number from 0 to 32'],
      ['2001:db8::/129', 'must be a number from 0 to 128'],
      ['10.0.0.0/8/8', 'more than one "/"'],
      ['10.0.0.0/x', 'must be a number from 0 to 32'],
    ] as const) {
      const parsed = parseAddressRange(input);
      expect(parsed.ok, input).toBe(false);
      if (!parsed.ok) expect(parsed.reason, input).toContain(problem);
    }
  });

  it('matches a source address against an entry, IPv4 carried in IPv6 included', () => {
    expect(addressInRange('198.51.100.77', '198.51.100.0/24')).toBe(true);
    expect(addressInRange('::ffff:198.51.100.77', '198.51.100.0/24')).toBe(true);
    expect(addressInRange('198.51.101.1', '198.51.100.0/24')).toBe(false);
    expect(addressInRange('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(addressInRange('2001:db8::5', '2001:db8::/32')).toBe(true);
    expect(addressInRange('2001:db9::5', '2001:db8::/32')).toBe(false);
    expect(addressInRange('127.0.0.1', '::1')).toBe(false);
  });

  it('are added, listed and removed by the acting account, as FACTS §8 shapes them', async () => {
    const added = await as.acme.post<Body>('/api/v2/sip/ipWhitelist', {
      ip: '198.51.100.7/24',
      label: 'Office PBX',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.message).toBe('IP entry created successfully');
    expect(added.body.whitelist).toEqual([
      {
        userId: kit.ids.acme,
        label: 'Office PBX',
        ip: '198.51.100.0/24',
        timestamp: expect.any(Number) as number,
      },
    ]);
    const [entry] = added.body.whitelist;
    expect(Math.abs((entry?.timestamp ?? 0) - Date.now() / 1000)).toBeLessThan(60);

    const twice = await as.acme.post<Body>('/api/v2/sip/ipWhitelist', {
      ip: '198.51.100.9/24',
      label: 'Again',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('198.51.100.0/24 is already on the whitelist');

    const listed = await as.acme.get<Body>('/api/v2/sip/ipWhitelist');
    expect(listed.body.whitelist.map((row) => row.ip)).toEqual(['198.51.100.0/24']);

    const removed = await as.acme.delete<Body>('/api/v2/sip/ipWhitelist', { ip: '198.51.100.0/24' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: 'IP entry deleted successfully', whitelist: [] });
    const again = await as.acme.delete<Body>('/api/v2/sip/ipWhitelist', { ip: '198.51.100.0/24' });
    expect(again.status).toBe(404);
  });

  it('refuses what is not an address, naming the problem', async () => {
    for (const [ip, problem] of [
      ['999.1.1.1', '"999.1.1.1" is not an IPv4 or IPv6 address'],
      ['10.0.0.0/40', 'the prefix length "/40" must be a number from 0 to 32'],
      ['', 'body.ip'],
    ] as const) {
      const response = await as.acme.post<Body>('/api/v2/sip/ipWhitelist', { ip, label: 'x' });
      expect(response.status, ip).toBe(400);
      expect(response.body.message, ip).toContain(problem);
    }
    const noLabel = await as.acme.post<Body>('/api/v2/sip/ipWhitelist', { ip: '203.0.113.1' });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.message).toContain('label');
  });

  it('belong to one tenant: a sibling neither sees nor removes them', async () => {
    expect(
      (await as.acme.post('/api/v2/sip/ipWhitelist', { ip: '203.0.113.20', label: 'Acme' })).status,
    ).toBe(201);
    expect((await as.globex.get<Body>('/api/v2/sip/ipWhitelist')).body.whitelist).toEqual([]);
    const removed = await as.globex.delete<Body>('/api/v2/sip/ipWhitelist', { ip: '203.0.113.20' });
    expect(removed.status).toBe(404);
    const acting = await as.globex.get('/api/v2/sip/ipWhitelist', { targetAccountId: kit.ids.acme });
    expect(acting.status).toBe(403);
    const actingDelete = await as.globex.delete(
      '/api/v2/sip/ipWhitelist',
      { ip: '203.0.113.20' },
      {
        targetAccountId: kit.ids.acme,
      },
    );
    expect(actingDelete.status).toBe(403);
    const siblingAgent = await as.agent3.post(
      '/api/v2/sip/ipWhitelist',
      { ip: '203.0.113.21', label: 'x' },
      {
        targetAccountId: kit.ids.agent1,
      },
    );
    expect(siblingAgent.status).toBe(403);
    expect((await as.acme.get<Body>('/api/v2/sip/ipWhitelist')).body.whitelist.map((row) => row.ip)).toEqual([
      '203.0.113.20',
    ]);
    // The organization acts for its own agent account.
    const forAgent = await as.acme.post<Body>(
      '/api/v2/sip/ipWhitelist',
      { ip: '203.0.113.22', label: 'Agent' },
      {
        targetAccountId: kit.ids.agent1,
      },
    );
    expect(forAgent.status).toBe(201);
    expect(forAgent.body.whitelist[0]?.userId).toBe(kit.ids.agent1);
  });
});

describe('outbound routes', () => {
  it('parse FACTS §8 grammar with its defaults', () => {
    const normal = (input: string) => {
      const parsed = parseSipRoute(input);
      return parsed.ok ? formatSipRoute(parsed.route) : parsed.reason;
    };
    expect(normal('sip.example.com')).toBe('sip.example.com:5060;transport=udp');
    expect(normal('SIP.Example.com:6000;transport=TCP')).toBe('sip.example.com:6000;transport=tcp');
    expect(normal('sip.example.com;proxyAddress=proxy.example.com')).toBe(
      'sip.example.com:5060;transport=udp;proxyAddress=proxy.example.com:5060',
    );
    expect(normal('sip.example.com;transport=tcp;proxyAddress=proxy.example.com:6000')).toBe(
      'sip.example.com:5060;transport=tcp;proxyAddress=proxy.example.com:6000',
    );
    expect(normal('1.1.1.1:5060;transport=udp')).toBe('1.1.1.1:5060;transport=udp');
    expect(normal('[2001:db8::1]:5070')).toBe('[2001:db8::1]:5070;transport=udp');
    expect(normal('')).toBe('the host is missing');
    expect(normal('sip.example.com:70000')).toBe('the host port "70000" must be a number from 1 to 65535');
    expect(normal('sip.example.com;transport=tls')).toBe('the transport "tls" must be udp or tcp');
    expect(normal('bad_host!')).toBe('the host "bad_host!" is not a domain name or an IP address');
    expect(normal('1.2.3.999')).toBe('the host "1.2.3.999" is not a domain name or an IP address');
    expect(normal('sip.example.com;proxyAddress=')).toBe('the proxyAddress is missing');
    expect(normal('sip.example.com;proxyAddress=p.example.com:0')).toBe(
      'the proxyAddress port "0" must be a number from 1 to 65535',
    );
    expect(normal('sip.example.com;color=blue')).toBe(
      'the parameter "color" is not one of transport or proxyAddress',
    );
    expect(normal('sip.example.com;transport')).toBe('the parameter "transport" must be written name=value');
    expect(normal('sip.example.com;transport=udp;transport=tcp')).toBe(
      'the parameter transport is given twice',
    );
    expect(normal('2001:db8::1')).toBe('the host "2001:db8::1" is an IPv6 address: write it in brackets');
  });

  it('are added in normal form, listed, refused when they do not parse, and removed', async () => {
    const added = await as.globex.post<Body>('/api/v2/sip/outboundRoutes', {
      route: 'sip.example.com;transport=tcp;proxyAddress=proxy.example.com:6000',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toMatchObject({
      message: 'Route added successfully',
      routes: ['sip.example.com:5060;transport=tcp;proxyAddress=proxy.example.com:6000'],
    });
    const bad = await as.globex.post<Body>('/api/v2/sip/outboundRoutes', { route: 'sip.example.com:0' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('body.route: the host port "0" must be a number from 1 to 65535');
    const dup = await as.globex.post<Body>('/api/v2/sip/outboundRoutes', {
      route: 'SIP.example.com:5060;transport=tcp;proxyAddress=proxy.example.com:6000',
    });
    expect(dup.status).toBe(409);
    // A sibling tenant neither sees nor removes it.
    expect((await as.acme.get<Body>('/api/v2/sip/outboundRoutes')).body.routes).toEqual([]);
    const siblingDelete = await as.acme.delete<Body>('/api/v2/sip/outboundRoutes', {
      route: 'sip.example.com;transport=tcp;proxyAddress=proxy.example.com:6000',
    });
    expect(siblingDelete.status).toBe(404);
    expect(
      (await as.acme.get('/api/v2/sip/outboundRoutes', { targetAccountId: kit.ids.globex })).status,
    ).toBe(403);
    const removed = await as.globex.delete<Body>('/api/v2/sip/outboundRoutes', {
      route: 'sip.example.com;transport=tcp;proxyAddress=proxy.example.com:6000',
    });
    expect(removed.body).toMatchObject({ message: 'Route removed successfully', routes: [] });
  });

  it('need a session', async () => {
    expect((await kit.client().get('/api/v2/sip/outboundRoutes')).status).toBe(401);
    expect((await kit.client().post('/api/v2/sip/ipWhitelist', { ip: '1.1.1.1', label: 'x' })).status).toBe(
      401,
    );
  });
});

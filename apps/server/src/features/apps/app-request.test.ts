import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  AppRequestError,
  buildRequest,
  renderJson,
  renderText,
  sendRequest,
  type TemplateScope,
} from './app-request';
import { builtInApp } from './apps.catalogue';

const scope: TemplateScope = {
  args: { orderNumber: '12/../../admin', quantity: 3, note: '' },
  auth: { base: 'https://api.example.com/v2', token: 'tok' },
  conversation: { uuid: 'c-1', contactPhone: '+15550100000', channel: 'voice', agentName: 'Acme' },
};

describe('app request templates', () => {
  it('takes the first alternative with a value, literal text last', () => {
    expect(renderText('{{args.note|conversation.contactPhone}}', scope).text).toBe('+15550100000');
    expect(renderText('status: {{response.state|not shipped yet}}', scope).text).toBe(
      'status: not shipped yet',
    );
    expect(renderText('{{args.missing}}!', scope)).toEqual({ text: '!', missing: ['args.missing'] });
    expect(
      renderText('{{response.items.1.name}}', {
        ...scope,
        response: { items: [{ name: 'a' }, { name: 'b' }] },
      }).text,
    ).toBe('b');
  });

  it('percent-encodes arguments in a URL (a model cannot add path segments) but not credentials', () => {
    const built = buildRequest(
      {
        method: 'GET',
        url: '{{auth.base}}/orders/{{args.orderNumber}}',
        headers: {},
        query: { q: '#{{args.quantity}}' },
      },
      scope,
    );
    expect(built.url.toString()).toBe('https://api.example.com/v2/orders/12%2F..%2F..%2Fadmin?q=%233');
  });

  it('keeps typed values in JSON bodies and leaves out what has no value', () => {
    expect(
      renderJson(
        {
          quantity: '{{args.quantity}}',
          text: 'x{{args.quantity}}',
          note: '{{args.note}}',
          nested: ['{{args.nope}}', 'kept'],
        },
        scope,
      ),
    ).toEqual({ quantity: 3, text: 'x3', nested: ['kept'] });
  });

  it('leaves out a header whose credential is not set, and refuses line breaks', () => {
    const withoutToken = buildRequest(
      {
        method: 'POST',
        url: 'https://x.example/hook',
        headers: { Authorization: 'Bearer {{auth.none}}' },
        query: {},
        body: { a: 1 },
      },
      scope,
    );
    expect(withoutToken.headers.authorization).toBeUndefined();
    expect(withoutToken.body).toBe('{"a":1}');
    expect(() =>
      buildRequest(
        { method: 'GET', url: 'https://x.example', headers: { 'X-A': '{{args.evil}}' }, query: {} },
        {
          ...scope,
          args: { evil: 'a\r\nHost: other' },
        },
      ),
    ).toThrow(AppRequestError);
  });

  it('says which credential is missing when the URL cannot be built', () => {
    const slack = builtInApp('slack', 'v1')!;
    expect(() => buildRequest(slack.functions[0]!.request, { ...scope, auth: {} })).toThrow(
      'The app is not set up: webhookUrl is missing.',
    );
  });

  it('builds the vendors’ real requests from the catalogue', () => {
    const shopify = builtInApp('shopify', 'v1')!;
    const built = buildRequest(shopify.functions[0]!.request, {
      ...scope,
      args: { orderNumber: '1001' },
      auth: { shopDomain: 'acme.myshopify.com', accessToken: 'shpat_x' },
    });
    expect(built.url.origin + built.url.pathname).toBe(
      'https://acme.myshopify.com/admin/api/2024-10/orders.json',
    );
    expect(built.url.searchParams.get('name')).toBe('#1001');
    expect(built.headers['x-shopify-access-token']).toBe('shpat_x');
    const square = builtInApp('squareUp', 'v1')!;
    const search = buildRequest(square.functions[0]!.request, {
      ...scope,
      args: { phoneNumber: '+15550100000' },
      auth: { accessToken: 'sq' },
    });
    expect(JSON.parse(search.body!)).toEqual({
      query: { filter: { phone_number: { exact: '+15550100000' } } },
      limit: 1,
    });
    expect(search.headers).toMatchObject({ authorization: 'Bearer sq', 'square-version': '2024-10-17' });
  });
});

describe('sending app requests', () => {
  it('refuses private networks unless allowed, does not follow redirects, and times out', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/slow') {
        setTimeout(() => response.end('late'), 2000);
        return;
      }
      if (request.url === '/big') {
        response.end('x'.repeat(300 * 1024));
        return;
      }
      if (request.url === '/redirect') {
        response.writeHead(302, { location: 'http://169.254.169.254/' });
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = (path: string) =>
      buildRequest({ method: 'GET', url: `${base}${path}`, headers: {}, query: {} }, scope);
    try {
      await expect(sendRequest(get('/'), { allowPrivateNetwork: false, timeoutMs: 1000 })).rejects.toThrow(
        'The app’s address is not on the public internet (refused: 127.0.0.1 is a loopback address).',
      );
      await expect(
        sendRequest(
          buildRequest({ method: 'GET', url: 'http://localhost:1/', headers: {}, query: {} }, scope),
          {
            allowPrivateNetwork: false,
            timeoutMs: 1000,
          },
        ),
      ).rejects.toThrow(
        /not on the public internet \(refused: .* is a loopback address \(the address of localhost\)\)/,
      );
      for (const url of ['http://[::ffff:127.0.0.1]/', 'http://[::ffff:169.254.169.254]/']) {
        await expect(
          sendRequest(buildRequest({ method: 'GET', url, headers: {}, query: {} }, scope), {
            allowPrivateNetwork: false,
            timeoutMs: 1000,
          }),
        ).rejects.toThrow(
          /^The app’s address is not on the public internet \(refused: ::ffff:\S+ is an IPv4-mapped/,
        );
      }
      const big = await sendRequest(get('/big'), { allowPrivateNetwork: true, timeoutMs: 1000 });
      expect((big.body as string).length).toBe(256 * 1024);
      const ok = await sendRequest(get('/'), { allowPrivateNetwork: true, timeoutMs: 1000 });
      expect(ok).toMatchObject({ status: 200, ok: true, body: { ok: true } });
      const redirect = await sendRequest(get('/redirect'), { allowPrivateNetwork: true, timeoutMs: 1000 });
      expect(redirect).toMatchObject({ status: 302, ok: false });
      await expect(sendRequest(get('/slow'), { allowPrivateNetwork: true, timeoutMs: 200 })).rejects.toThrow(
        'The app did not answer within 0.2 s.',
      );
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { brandScriptOrigins, inlineScriptHashes, readPageHost } from './content-security-policy';

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts that run, not external scripts or data blocks', () => {
    const html =
      '<head><script>\n  one();\n</script><script type="module" src="/a.js"></script>' +
      '<script type="application/json" id="x">{"a":1}</script><script type="module">two()</script>' +
      '<script>\n  one();\n</script></head>';
    expect(inlineScriptHashes(html)).toEqual([hashOf('\n  one();\n'), hashOf('two()')]);
  });
});

describe('brandScriptOrigins', () => {
  const brand = (appScripts: string[], ownHost = false) => ({
    ownHost,
    settings: { supportUrl: null, smsMessaging: true, allowEmbeds: false, appScripts, favorites: [] },
  });

  it('names the https origins of a white-label brand once each', () => {
    expect(
      brandScriptOrigins(
        brand([
          'https://cdn.example.com/a.js',
          'https://cdn.example.com/b.js?x=1',
          'https://w.example.com:8443/c.js',
        ]),
      ),
    ).toEqual(['https://cdn.example.com', 'https://w.example.com:8443']);
  });

  it('skips http, credentials and non-URLs, and every script on the product hosts', () => {
    expect(
      brandScriptOrigins(brand(['http://cdn.example.com/a.js', 'https://u:p@x.example.com/', 'nope'])),
    ).toEqual([]);
    expect(brandScriptOrigins(brand(['https://cdn.example.com/a.js'], true))).toEqual([]);
    expect(brandScriptOrigins(null)).toEqual([]);
  });
});

describe('readPageHost', () => {
  it('takes host names, IPs and ports, and nothing that could add to a policy', () => {
    expect(readPageHost('App.Example.com:8080')).toBe('app.example.com:8080');
    expect(readPageHost('127.0.0.1:3000')).toBe('127.0.0.1:3000');
    expect(readPageHost('[::1]:3000')).toBe('[::1]:3000');
    for (const bad of ['a.example; script-src *', 'a.example b.example', "'self'", '', undefined]) {
      expect(readPageHost(bad)).toBeNull();
    }
  });
});

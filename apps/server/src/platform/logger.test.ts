import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp, type TestApp } from '@switchboard/testing';
import { createLogger, redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides every credential in a query string and keeps the rest', () => {
    expect(redactUrl('/api/v1/account?token=abc&targetAccountId=4&adminToken=zz&authToken=q&email=a')).toBe(
      '/api/v1/account?token=[redacted]&targetAccountId=4&adminToken=[redacted]&authToken=[redacted]&email=a',
    );
    expect(redactUrl('/app/embed?AuthToken=x#frag')).toBe('/app/embed?AuthToken=[redacted]#frag');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('log redaction', () => {
  it('censors credentials nested in logged objects', () => {
    const logs = captureLogs();
    const logger = createLogger({ level: 'info' }, logs.stream);
    logger.info(
      { token: 's1', user: { authToken: 's2', name: 'ok' }, headers: { authorization: 'Bearer s3' } },
      'x',
    );
    logger.info({ nested: { deeper: { adminToken: 's4' } } }, 'y');
    expect(logs.text()).not.toMatch(/s1|s2|s3|s4/);
    expect(logs.text()).toContain('[redacted]');
    expect(logs.text()).toContain('"name":"ok"');
  });
});

describe('request logs', () => {
  const logs = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logStream: logs.stream });
  });
  afterAll(() => t.close());

  it('never show a token, whether in the query, a header or the body', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/ipCorrelator?token=QUERYSECRET&adminToken=ADMINSECRET&authToken=AUTHSECRET',
      headers: { authorization: 'Bearer HEADERSECRET', 'x-request-id': 'req-redaction' },
      payload: { page: '/x', token: 'BODYSECRET' },
    });
    await t.app.inject({ method: 'GET', url: '/api/nowhere?token=NOTFOUNDSECRET' });
    const text = logs.text();
    expect(text).toContain('req-redaction');
    expect(text).toContain('token=[redacted]');
    expect(text).not.toMatch(/QUERYSECRET|ADMINSECRET|AUTHSECRET|HEADERSECRET|BODYSECRET|NOTFOUNDSECRET/);
  });
});

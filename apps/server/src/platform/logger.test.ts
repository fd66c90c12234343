import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, startApp, type KitApp } from '@switchboard/testing';
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
  let t: KitApp;
  beforeAll(async () => {
    t = await startApp({ seed: 'empty', logStream: logs.stream });
  });
  afterAll(() => t.close());

  it('never show a token, whether in the query, a header or the body', async () => {
    // The secrets are written into the request as a client might send them (the anonymous client adds none).
    await t
      .client()
      .post(
        '/api/v1/ipCorrelator?token=QUERYSECRET&adminToken=ADMINSECRET&authToken=AUTHSECRET',
        { page: '/x', token: 'BODYSECRET' },
        { headers: { authorization: 'Bearer HEADERSECRET', 'x-request-id': 'req-redaction' } },
      );
    await t.client().get('/api/nowhere?token=NOTFOUNDSECRET');
    const text = logs.text();
    expect(text).toContain('req-redaction');
    expect(text).toContain('token=[redacted]');
    expect(text).not.toMatch(/QUERYSECRET|ADMINSECRET|AUTHSECRET|HEADERSECRET|BODYSECRET|NOTFOUNDSECRET/);
  });
});

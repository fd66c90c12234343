import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../platform/config';

describe('SIP settings', () => {
  it('are off under NODE_ENV=test unless SIP_PORT is set, and on at 5060 elsewhere', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sip.port).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', SIP_PORT: '0' }).sip).toMatchObject({
      port: 0,
      portIsDefault: false,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).sip).toMatchObject({
      port: 5060,
      portIsDefault: true,
      host: '127.0.0.1',
      publicHost: '127.0.0.1',
      rtpPorts: { min: 40000, max: 40999 },
      rtpTimeoutMs: 30_000,
      tcp: true,
    });
    expect(loadConfig({ NODE_ENV: 'development', SIP_PORT: 'off' }).sip.port).toBeNull();
  });

  it('listen where the server does unless told, and advertise the public host', () => {
    const sip = loadConfig({ HOST: '0.0.0.0', SIP_PUBLIC_HOST: 'sip.example.com', SIP_TCP: 'off' }).sip;
    expect(sip).toMatchObject({ host: '0.0.0.0', publicHost: 'sip.example.com', tcp: false });
    expect(loadConfig({ HOST: '0.0.0.0' }).sip.publicHost).toBe('127.0.0.1');
  });

  it('name each bad value', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ SIP_PORT: '70000' })).toEqual(['SIP_PORT must be a port from 0 to 65535, or off']);
    expect(problems({ RTP_PORT_MIN: '41000', RTP_PORT_MAX: '40000' })).toEqual([
      'RTP_PORT_MAX must be above RTP_PORT_MIN (41000) by at least 1',
    ]);
    expect(problems({ SIP_RTP_TIMEOUT_SECONDS: '0' })).toEqual([
      'SIP_RTP_TIMEOUT_SECONDS must be at least 1',
    ]);
  });
});

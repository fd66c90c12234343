import dgram from 'node:dgram';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '@switchboard/testing';
import type { Db } from '../../platform/database';
import { createLogger } from '../../platform/logger';
import type { SipConfig } from '../../providers/telephony/sip/config';
import type { AgentRuntime } from '../../runtime/session-types';
import { SipEndpoint } from './sip-endpoint';

const config = (port: number, portIsDefault: boolean): SipConfig => ({
  port,
  portIsDefault,
  host: '127.0.0.1',
  publicHost: '127.0.0.1',
  rtpPorts: { min: 40000, max: 40999 },
  rtpTimeoutMs: 30_000,
  sessionMinSeconds: 90,
  tcp: false,
});

/** A UDP port held by someone else for the test's length. */
async function takenPort(): Promise<{ port: number; release: () => void }> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return { port: socket.address().port, release: () => socket.close() };
}

describe('starting the SIP endpoint', () => {
  it('stays off with a warning when the default port is taken, and refuses a chosen port that is', async () => {
    const taken = await takenPort();
    const logs = captureLogs();
    const deps = {
      db: null as unknown as Db,
      runtime: {} as AgentRuntime,
      logger: createLogger({ level: 'info' }, logs.stream),
    };
    try {
      expect(await SipEndpoint.start({ ...deps, config: config(taken.port, true) })).toBeNull();
      expect(logs.text()).toContain(`SIP port ${taken.port} on 127.0.0.1 is in use: the SIP endpoint is off`);
      await expect(SipEndpoint.start({ ...deps, config: config(taken.port, false) })).rejects.toThrow(
        /is in use \(SIP_PORT\)/,
      );
    } finally {
      taken.release();
    }
  });

  it('takes a free port for SIP_PORT=0 and says where it listens', async () => {
    const logs = captureLogs();
    const endpoint = await SipEndpoint.start({
      db: null as unknown as Db,
      runtime: {} as AgentRuntime,
      logger: createLogger({ level: 'info' }, logs.stream),
      config: config(0, false),
    });
    try {
      expect(endpoint?.port).toBeGreaterThan(0);
      expect(logs.text()).toContain(`SIP endpoint listening on 127.0.0.1:${endpoint?.port ?? 0} (UDP)`);
    } finally {
      await endpoint?.close();
    }
  });
});

import type { LightningConfig } from './config';
import { LndLightning } from './lnd';
import { SandboxLightning } from './sandbox';
import type { LightningProvider } from './types';

/** LND when configured, else the offline sandbox node. */
export function createLightning(config: LightningConfig): LightningProvider {
  return config.provider === 'lnd'
    ? new LndLightning({ restUrl: config.restUrl, macaroon: config.macaroon })
    : new SandboxLightning();
}

import type { LightningConfig } from './config';
import { LndLightning } from './lnd';
import { SandboxLightning } from './sandbox';
import type { LightningProvider } from './types';

const nodes = new WeakMap<LightningConfig, LightningProvider>();

/**
 * LND when configured, else the offline sandbox node. One node per configuration: the wallet's routes and its
 * background settlement see the same sandbox node (its unpaid invoices live in the process's memory).
 */
export function createLightning(config: LightningConfig): LightningProvider {
  let node = nodes.get(config);
  if (!node) {
    node =
      config.provider === 'lnd'
        ? new LndLightning({ restUrl: config.restUrl, macaroon: config.macaroon })
        : new SandboxLightning();
    nodes.set(config, node);
  }
  return node;
}

import type { Logger } from 'pino';
import type { VadConfig } from './config';
import { energyVadFactory } from './energy';
import { createSileroVadFactory } from './silero';
import type { VadFactory } from './types';

/** Silero falls back to the energy detector, telling the logger, when its model cannot load. */
export function createVad(config: VadConfig, options: { logger?: Pick<Logger, 'warn'> } = {}): VadFactory {
  return config.provider === 'energy' ? energyVadFactory : createSileroVadFactory(options.logger);
}

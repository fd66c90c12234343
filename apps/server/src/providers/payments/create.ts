import type { PaymentsConfig } from './config';
import { SandboxPayments } from './sandbox';
import { StripePayments } from './stripe';
import type { PaymentsProvider } from './types';

/** Stripe when configured, else the offline sandbox card processor. */
export function createPayments(config: PaymentsConfig, publicUrl: string): PaymentsProvider {
  return config.provider === 'stripe' ? new StripePayments(config) : new SandboxPayments(publicUrl);
}

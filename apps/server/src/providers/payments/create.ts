import type { PaymentsConfig } from './config';
import { SandboxPayments } from './sandbox';
import { StripePayments } from './stripe';
import type { PaymentsProvider } from './types';

const made = new WeakMap<PaymentsConfig, PaymentsProvider>();

/**
 * Stripe when configured, else the offline sandbox card processor. One provider per configuration: the wallet
 * and billing share it, so the sandbox's checkouts, subscriptions and signing secret are the same for both.
 */
export function createPayments(config: PaymentsConfig, publicUrl: string): PaymentsProvider {
  const existing = made.get(config);
  if (existing) return existing;
  const payments = config.provider === 'stripe' ? new StripePayments(config) : new SandboxPayments(publicUrl);
  made.set(config, payments);
  return payments;
}

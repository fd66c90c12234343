import type { Config } from '../../platform/config';
import { SandboxConnect, StripeConnect } from '../payments/stripe-connect';
import { LndLightningPayouts, SandboxLightningPayouts } from './lightning-payouts';
import { PayPalPayouts, SandboxPayPalPayouts } from './paypal';
import type { ConnectProvider, LightningPayoutProvider, PayPalPayoutProvider } from './types';

export interface PayoutProviders {
  lightning: LightningPayoutProvider;
  paypal: PayPalPayoutProvider;
  connect: ConnectProvider;
}

const made = new WeakMap<Config, PayoutProviders>();

/**
 * Each channel's provider follows the server's configuration: LND (with LNURL over the network) when Lightning is
 * LND, PayPal when its credentials are set, Stripe Connect when payments go through Stripe; else the offline
 * sandbox of each. One set per configuration, so the sandboxes' memory is shared by every request.
 */
export function createPayoutProviders(config: Config): PayoutProviders {
  const existing = made.get(config);
  if (existing) return existing;
  const { lightning, payments, payouts } = config;
  const providers: PayoutProviders = {
    lightning:
      lightning.provider === 'lnd'
        ? new LndLightningPayouts({
            restUrl: lightning.restUrl,
            macaroon: lightning.macaroon,
            loopbackHttp: payouts.lnurlLoopbackHttp,
          })
        : new SandboxLightningPayouts(),
    paypal:
      payouts.paypal.provider === 'paypal' ? new PayPalPayouts(payouts.paypal) : new SandboxPayPalPayouts(),
    connect:
      payments.provider === 'stripe'
        ? new StripeConnect({ secretKey: payments.secretKey, apiUrl: payments.apiUrl })
        : new SandboxConnect(config.publicUrl),
  };
  made.set(config, providers);
  return providers;
}

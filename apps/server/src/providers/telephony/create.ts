import type { OutboxRecorder } from '../shared/outbox-recorder';
import type { TelephonyConfig } from './config';
import { SandboxTelephony, type SandboxNumberLedger } from './sandbox';
import { TwilioTelephony } from './twilio';
import type { TelephonyProvider } from './types';
import { unconfiguredTelephony } from './unconfigured';

/** What the sandbox carrier needs from the platform: its books of sold numbers and the outbox for texts. */
export interface TelephonyDeps {
  ledger: SandboxNumberLedger;
  record: OutboxRecorder;
  /** False in production (unless DEMO_MODE): the sandbox phone network is closed there. */
  sandboxOpen: boolean;
}

/**
 * The carrier the platform uses: Twilio when TELEPHONY_PROVIDER is twilio, else the sandbox phone network where
 * the sandbox is open, and no carrier at all in production.
 */
export function createTelephony(config: TelephonyConfig, deps: TelephonyDeps): TelephonyProvider {
  if (config.provider === 'twilio') {
    return new TwilioTelephony({
      accountSid: config.accountSid,
      authToken: config.authToken,
      apiUrl: config.apiUrl,
    });
  }
  if (!deps.sandboxOpen) return unconfiguredTelephony;
  return new SandboxTelephony(deps.ledger, deps.record);
}

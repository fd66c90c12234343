import type { OutboxRecorder } from '../shared/outbox-recorder';
import { SandboxTelephony, type SandboxNumberLedger } from './sandbox';
import type { TelephonyProvider } from './types';

/** What the sandbox carrier needs from the platform: its books of sold numbers and the outbox for texts. */
export interface TelephonyDeps {
  ledger: SandboxNumberLedger;
  record: OutboxRecorder;
}

/** The carrier the platform uses; the sandbox phone network until a real carrier is configured. */
export function createTelephony(deps: TelephonyDeps): TelephonyProvider {
  return new SandboxTelephony(deps.ledger, deps.record);
}

import { TelephonyError, type TelephonyProvider } from './types';

export const noCarrierMessage =
  'No phone carrier is set up on this server: set TELEPHONY_PROVIDER=twilio with TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN';

const refuse = (): Promise<never> => Promise.reject(new TelephonyError(noCarrierMessage, 503));

/**
 * What a production server without a carrier has: the sandbox phone network is closed there (its numbers are
 * fictional), so every carrier request is refused with what to configure.
 */
export const unconfiguredTelephony: TelephonyProvider = {
  name: 'none',
  sandbox: false,
  searchNumbers: refuse,
  buyNumber: refuse,
  releaseNumber: refuse,
  placeCall: refuse,
  transferCall: refuse,
  hangUp: refuse,
  sendText: refuse,
};

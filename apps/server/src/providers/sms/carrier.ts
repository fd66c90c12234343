import type { TelephonyProvider } from '../telephony/types';
import type { SmsProvider } from './types';

/**
 * Texts through the phone carrier: a text from one of our numbers is sent by the carrier that holds the number;
 * a text from no number (a sign-in code) goes through `platform`, the platform's own SMS provider.
 */
export function carrierSms(
  telephony: TelephonyProvider,
  platform: SmsProvider,
  /** Where the carrier reports each text's delivery (our text status webhook). */
  statusUrl?: string,
): SmsProvider {
  return {
    name: telephony.name,
    sandbox: telephony.sandbox,
    async send(sms) {
      if (!sms.from) return platform.send(sms);
      return telephony.sendText({ to: sms.to, from: sms.from, text: sms.text, statusUrl });
    },
  };
}

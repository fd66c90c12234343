import twilio from 'twilio';
import {
  TelephonyError,
  type AvailableNumber,
  type NumberCapabilities,
  type NumberSearch,
  type NumberWebhooks,
  type OutboundCall,
  type OutboundText,
  type OwnedNumber,
  type PlacedCall,
  type SentText,
  type TelephonyProvider,
} from './types';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** Where the REST API is reached instead of https://api.twilio.com (a local fake in tests). */
  apiUrl?: string | undefined;
  /** How long one request may take, ms. */
  timeoutMs?: number | undefined;
}

/** The call progress we ask Twilio to report to the status webhook (it reports only `completed` by default). */
const callEvents = ['initiated', 'ringing', 'answered', 'completed'];

/** Twilio's capability keys are `voice`/`sms`/`mms` in its SDK types and `voice`/`SMS`/`MMS` in many answers. */
function capabilitiesOf(raw: unknown): NumberCapabilities {
  const flags = new Map<string, boolean>();
  if (raw && typeof raw === 'object') {
    for (const [key, value] of Object.entries(raw)) flags.set(key.toLowerCase(), value === true);
  }
  return {
    voice: flags.get('voice') ?? false,
    sms: flags.get('sms') ?? false,
    mms: flags.get('mms') ?? false,
  };
}

/** Twilio's refusals and failures as TelephonyError: what we were doing, then Twilio's own words. */
function carrierError(error: unknown, refused: string): TelephonyError {
  if (error instanceof twilio.RestException) {
    const hint =
      error.status === 401
        ? ' (check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: Twilio did not accept them)'
        : '';
    return new TelephonyError(
      `Twilio refused ${refused}: ${error.message}${hint}`,
      error.status,
      error.code ?? null,
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new TelephonyError(`Twilio could not be reached for ${refused}: ${reason}`, null);
}

/**
 * Twilio as the carrier, through its official SDK: numbers from AvailablePhoneNumbers and IncomingPhoneNumbers,
 * calls and texts from the Calls and Messages resources of the 2010-04-01 API.
 */
export class TwilioTelephony implements TelephonyProvider {
  readonly name = 'twilio';
  readonly sandbox = false;
  private readonly client: twilio.Twilio;

  constructor(options: TwilioOptions) {
    this.client = twilio(options.accountSid, options.authToken, {
      timeout: options.timeoutMs ?? 15_000,
      autoRetry: false,
    });
    // The SDK keeps one domain object per API; its base URL decides where every request of that API goes.
    if (options.apiUrl) this.client.api.baseUrl = options.apiUrl;
  }

  private async attempt<T>(refused: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw carrierError(error, refused);
    }
  }

  async searchNumbers(search: NumberSearch): Promise<AvailableNumber[]> {
    const found = await this.attempt(`the number search in ${search.country}`, () =>
      this.client.availablePhoneNumbers(search.country).local.list({
        ...(search.areaCode ? { areaCode: Number(search.areaCode) } : {}),
        ...(search.contains ? { contains: search.contains } : {}),
        ...(search.locality ? { inLocality: search.locality } : {}),
        ...(search.region ? { inRegion: search.region } : {}),
        pageSize: search.limit,
        limit: search.limit,
      }),
    );
    return found.map((number) => ({
      phoneNumber: number.phoneNumber,
      locality: number.locality || null,
      region: number.region || null,
      country: number.isoCountry || search.country,
      capabilities: capabilitiesOf(number.capabilities),
    }));
  }

  async buyNumber(phoneNumber: string, webhooks: NumberWebhooks): Promise<OwnedNumber> {
    const bought = await this.attempt(`the number ${phoneNumber}`, () =>
      this.client.incomingPhoneNumbers.create({
        phoneNumber,
        voiceUrl: webhooks.voiceUrl,
        voiceMethod: 'POST',
        smsUrl: webhooks.smsUrl,
        smsMethod: 'POST',
        statusCallback: webhooks.statusUrl,
        statusCallbackMethod: 'POST',
      }),
    );
    return { carrierId: bought.sid, phoneNumber: bought.phoneNumber };
  }

  async releaseNumber(owned: OwnedNumber): Promise<void> {
    await this.attempt(`the release of the number ${owned.phoneNumber} (${owned.carrierId})`, () =>
      this.client.incomingPhoneNumbers(owned.carrierId).remove(),
    );
  }

  async placeCall(call: OutboundCall): Promise<PlacedCall> {
    const placed = await this.attempt(`the call from ${call.from} to ${call.to}`, () =>
      this.client.calls.create({
        to: call.to,
        from: call.from,
        url: call.answerUrl,
        method: 'POST',
        statusCallback: call.statusUrl,
        statusCallbackEvent: callEvents,
        statusCallbackMethod: 'POST',
        ...(call.ringSeconds === undefined ? {} : { timeout: call.ringSeconds }),
      }),
    );
    return { callId: placed.sid, status: placed.status };
  }

  async transferCall(callId: string, to: string, callerId: string): Promise<void> {
    const response = new twilio.twiml.VoiceResponse();
    response.dial({ callerId }, to);
    await this.attempt(`the transfer of the call ${callId} to ${to}`, () =>
      this.client.calls(callId).update({ twiml: response.toString() }),
    );
  }

  async hangUp(callId: string): Promise<void> {
    await this.attempt(`the hang-up of the call ${callId}`, () =>
      this.client.calls(callId).update({ status: 'completed' }),
    );
  }

  async sendText(text: OutboundText): Promise<SentText> {
    const sent = await this.attempt(`the text from ${text.from} to ${text.to}`, () =>
      this.client.messages.create({
        to: text.to,
        from: text.from,
        body: text.text,
        ...(text.statusUrl ? { statusCallback: text.statusUrl } : {}),
      }),
    );
    return { messageId: sent.sid, status: sent.status };
  }
}

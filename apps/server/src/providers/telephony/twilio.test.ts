import { freePort, startFakeTwilioServer, type FakeTwilioServer } from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TwilioTelephony } from './twilio';
import { TelephonyError } from './types';

const accountSid = 'AC0123456789abcdef0123456789abcdef';
const authToken = 'fake-twilio-auth-token';
const webhooks = {
  voiceUrl: 'https://switchboard.example/api/telephony/twilio/voice',
  smsUrl: 'https://switchboard.example/api/telephony/twilio/sms',
  statusUrl: 'https://switchboard.example/api/telephony/twilio/status',
};

let fake: FakeTwilioServer;
let carrier: TwilioTelephony;

beforeAll(async () => {
  fake = await startFakeTwilioServer({ accountSid, authToken });
  carrier = new TwilioTelephony({ accountSid, authToken, apiUrl: fake.apiUrl });
});
afterAll(() => fake.close());

const lastRequest = () => fake.requests.at(-1);
const refusal = async (promise: Promise<unknown>): Promise<TelephonyError> => {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TelephonyError);
  return error as TelephonyError;
};

describe('TwilioTelephony against the Twilio wire format', () => {
  it('searches local numbers with the query Twilio expects and reads its answer', async () => {
    const found = await carrier.searchNumbers({
      country: 'US',
      areaCode: '415',
      contains: '555*1',
      locality: 'San Francisco',
      region: 'CA',
      limit: 5,
    });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: `/2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/US/Local.json`,
      query: {
        AreaCode: '415',
        Contains: '555*1',
        InLocality: 'San Francisco',
        InRegion: 'CA',
        PageSize: '5',
      },
      username: accountSid,
      status: 200,
    });
    expect(found).toEqual([
      {
        phoneNumber: '+14155550101',
        locality: 'San Francisco',
        region: 'CA',
        country: 'US',
        capabilities: { voice: true, sms: true, mms: true },
      },
      expect.objectContaining({ phoneNumber: '+14155550142' }),
    ]);
    const inTexas = await carrier.searchNumbers({ country: 'US', region: 'tx', limit: 10 });
    expect(lastRequest()?.query).toEqual({ InRegion: 'tx', PageSize: '10' });
    expect(inTexas.map((number) => number.phoneNumber)).toEqual(['+15125550188']);
  });

  it('buys a number pointing its calls, texts and status at our webhooks, then releases it', async () => {
    const owned = await carrier.buyNumber('+15105550117', webhooks);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`,
      form: {
        PhoneNumber: '+15105550117',
        VoiceUrl: webhooks.voiceUrl,
        VoiceMethod: 'POST',
        SmsUrl: webhooks.smsUrl,
        SmsMethod: 'POST',
        StatusCallback: webhooks.statusUrl,
        StatusCallbackMethod: 'POST',
      },
      status: 201,
    });
    expect(owned.phoneNumber).toBe('+15105550117');
    expect(owned.carrierId).toMatch(/^PN[0-9a-f]{32}$/);
    expect(fake.purchases.get(owned.carrierId)).toMatchObject({
      voiceUrl: webhooks.voiceUrl,
      smsUrl: webhooks.smsUrl,
    });
    expect(await carrier.searchNumbers({ country: 'US', locality: 'Oakland', limit: 5 })).toEqual([]);

    await carrier.releaseNumber(owned);
    expect(lastRequest()).toMatchObject({
      method: 'DELETE',
      path: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${owned.carrierId}.json`,
      status: 204,
    });
    expect(fake.purchases.has(owned.carrierId)).toBe(false);
    const again = await carrier.searchNumbers({ country: 'US', locality: 'Oakland', limit: 5 });
    expect(again.map((number) => number.phoneNumber)).toEqual(['+15105550117']);
  });

  it('places a call, transfers it with Dial TwiML showing the caller, and hangs it up', async () => {
    const owned = await carrier.buyNumber('+14155550101', webhooks);
    const placed = await carrier.placeCall({
      to: '+14155550100',
      from: owned.phoneNumber,
      answerUrl: webhooks.voiceUrl,
      statusUrl: webhooks.statusUrl,
      ringSeconds: 25,
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${accountSid}/Calls.json`,
      form: {
        To: '+14155550100',
        From: '+14155550101',
        Url: webhooks.voiceUrl,
        Method: 'POST',
        StatusCallback: webhooks.statusUrl,
        StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        StatusCallbackMethod: 'POST',
        Timeout: '25',
      },
    });
    expect(placed.callId).toMatch(/^CA[0-9a-f]{32}$/);
    expect(placed.status).toBe('queued');
    expect(fake.calls.has(placed.callId)).toBe(true);

    await carrier.transferCall(placed.callId, '+12125550199', '+14155550100');
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${accountSid}/Calls/${placed.callId}.json`,
      form: {
        Twiml:
          '<?xml version="1.0" encoding="UTF-8"?><Response><Dial callerId="+14155550100">+12125550199</Dial></Response>',
      },
      status: 200,
    });

    await carrier.hangUp(placed.callId);
    expect(lastRequest()?.form).toEqual({ Status: 'completed' });
    expect(fake.calls.get(placed.callId)?.status).toBe('completed');
  });

  it('sends a text asking for delivery status at our webhook', async () => {
    const sent = await carrier.sendText({
      to: '+14155550100',
      from: '+14155550101',
      text: 'Your table is ready.',
      statusUrl: webhooks.statusUrl,
    });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${accountSid}/Messages.json`,
      form: {
        To: '+14155550100',
        From: '+14155550101',
        Body: 'Your table is ready.',
        StatusCallback: webhooks.statusUrl,
      },
      status: 201,
    });
    expect(sent.messageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.status).toBe('queued');
    expect(fake.messages.get(sent.messageId)?.params.Body).toBe('Your table is ready.');
  });

  it('says so when Twilio refuses the credentials', async () => {
    const wrong = new TwilioTelephony({ accountSid, authToken: 'not-the-token', apiUrl: fake.apiUrl });
    const error = await refusal(wrong.sendText({ to: '+14155550100', from: '+14155550101', text: 'hi' }));
    expect(lastRequest()).toMatchObject({
      path: `/2010-04-01/Accounts/${accountSid}/Messages.json`,
      status: 401,
    });
    expect(error.status).toBe(401);
    expect(error.code).toBe(20003);
    expect(error.message).toBe(
      'Twilio refused the text from +14155550101 to +14155550100: Authenticate (check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: Twilio did not accept them)',
    );
  });

  it("passes on Twilio's reason when it refuses to sell a number", async () => {
    const error = await refusal(carrier.buyNumber('+19995550100', webhooks));
    expect(lastRequest()).toMatchObject({ form: { PhoneNumber: '+19995550100' }, status: 400 });
    expect(error.status).toBe(400);
    expect(error.code).toBe(21422);
    expect(error.message).toBe(
      'Twilio refused the number +19995550100: The phone number +19995550100 is not available',
    );
    expect([...fake.purchases.values()].map((purchase) => purchase.phoneNumber)).not.toContain(
      '+19995550100',
    );
  });

  it('reports an unreachable carrier with no status', async () => {
    const closed = await freePort();
    const away = new TwilioTelephony({ accountSid, authToken, apiUrl: `http://127.0.0.1:${closed}` });
    const before = fake.requests.length;
    const error = await refusal(away.hangUp('CA0123456789abcdef0123456789abcdef'));
    expect(error.status).toBeNull();
    expect(error.code).toBeNull();
    expect(error.message).toMatch(
      /^Twilio could not be reached for the hang-up of the call CA0123456789abcdef0123456789abcdef: .*ECONNREFUSED/,
    );
    expect(fake.requests.length).toBe(before);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  fakeTwilioInventory,
  first,
  notFound,
  readFields,
  sameText,
  sendTwilioWebhook,
  sid,
  TwilioFailure,
  type FakeTwilioCall,
  type FakeTwilioFields,
  type FakeTwilioMessage,
  type FakeTwilioNumber,
  type FakeTwilioPurchase,
  type FakeTwilioRequest,
} from './twilio-wire';

/**
 * Twilio's REST API (2010-04-01) on loopback, as the official `twilio` SDK speaks to it: HTTP Basic with the
 * account sid and auth token it was started with (anything else gets Twilio's 401), form-encoded requests,
 * snake_case JSON with the list paging fields, errors as `{code, message, more_info, status}`. It sells numbers
 * from a small inventory (a number not in it is refused with 21422), remembers purchases with their webhook URLs,
 * and records calls and texts (placed only from numbers the account holds, as Twilio requires) with their
 * fields. Every request is kept in `requests`. `sendWebhook` plays the carrier's side: a signed form POST.
 */
export async function startFakeTwilioServer(options: {
  accountSid: string;
  authToken: string;
  inventory?: readonly FakeTwilioNumber[];
}) {
  const { accountSid, authToken } = options;
  const inventory = [...(options.inventory ?? fakeTwilioInventory)];
  const requests: FakeTwilioRequest[] = [];
  const purchases = new Map<string, FakeTwilioPurchase>();
  const calls = new Map<string, FakeTwilioCall>();
  const messages = new Map<string, FakeTwilioMessage>();
  const base = `/2010-04-01/Accounts/${accountSid}`;
  const now = () => new Date().toUTCString().replace('GMT', '+0000');

  const held = (number: string | undefined) =>
    [...purchases.values()].some((purchase) => purchase.phoneNumber === number);

  function numberJson(number: FakeTwilioNumber) {
    return {
      friendly_name: `(${number.phoneNumber.slice(2, 5)}) ${number.phoneNumber.slice(5, 8)}-${number.phoneNumber.slice(8)}`,
      phone_number: number.phoneNumber,
      lata: null,
      locality: number.locality,
      rate_center: number.locality.toUpperCase(),
      latitude: null,
      longitude: null,
      region: number.region,
      postal_code: number.postalCode ?? null,
      iso_country: number.isoCountry,
      address_requirements: 'none',
      beta: false,
      capabilities: { voice: true, SMS: true, MMS: true, fax: false },
    };
  }

  function searchNumbers(country: string, query: FakeTwilioFields, path: string) {
    const areaCode = first(query.AreaCode);
    const contains = first(query.Contains);
    const region = first(query.InRegion);
    const locality = first(query.InLocality);
    const pageSize = Number(first(query.PageSize) ?? 50);
    const pattern = contains ? new RegExp(contains.replace(/[^0-9*]/g, '').replace(/\*/g, '\\d')) : null;
    const found = inventory
      .filter((number) => number.isoCountry === country && !held(number.phoneNumber))
      .filter((number) => !areaCode || number.phoneNumber.startsWith(`+1${areaCode}`))
      .filter((number) => !pattern || pattern.test(number.phoneNumber.slice(1)))
      .filter((number) => !region || sameText(number.region, region))
      .filter((number) => !locality || sameText(number.locality, locality))
      .slice(0, pageSize);
    return {
      available_phone_numbers: found.map(numberJson),
      uri: path,
      first_page_uri: path,
      next_page_uri: null,
      previous_page_uri: null,
      page: 0,
      page_size: pageSize,
      start: 0,
      end: Math.max(found.length - 1, 0),
    };
  }

  function buyNumber(form: FakeTwilioFields) {
    const phoneNumber = first(form.PhoneNumber);
    const number = inventory.find((item) => item.phoneNumber === phoneNumber);
    if (!phoneNumber) throw new TwilioFailure(400, 21421, 'PhoneNumber is required');
    if (!number || held(phoneNumber)) {
      throw new TwilioFailure(400, 21422, `The phone number ${phoneNumber} is not available`);
    }
    const purchase: FakeTwilioPurchase = {
      sid: sid('PN'),
      phoneNumber,
      voiceUrl: first(form.VoiceUrl) ?? null,
      smsUrl: first(form.SmsUrl) ?? null,
      statusCallback: first(form.StatusCallback) ?? null,
    };
    purchases.set(purchase.sid, purchase);
    return {
      sid: purchase.sid,
      account_sid: accountSid,
      friendly_name: numberJson(number).friendly_name,
      phone_number: phoneNumber,
      voice_url: purchase.voiceUrl,
      voice_method: first(form.VoiceMethod) ?? 'POST',
      sms_url: purchase.smsUrl,
      sms_method: first(form.SmsMethod) ?? 'POST',
      status_callback: purchase.statusCallback,
      status_callback_method: first(form.StatusCallbackMethod) ?? 'POST',
      capabilities: { voice: true, sms: true, mms: true, fax: false },
      status: 'in-use',
      date_created: now(),
      date_updated: now(),
      api_version: '2010-04-01',
      uri: `${base}/IncomingPhoneNumbers/${purchase.sid}.json`,
    };
  }

  function callJson(call: FakeTwilioCall) {
    return {
      sid: call.sid,
      account_sid: accountSid,
      to: first(call.params.To),
      from: first(call.params.From),
      status: call.status,
      direction: 'outbound-api',
      answered_by: null,
      parent_call_sid: null,
      start_time: null,
      end_time: null,
      duration: null,
      date_created: now(),
      date_updated: now(),
      api_version: '2010-04-01',
      uri: `${base}/Calls/${call.sid}.json`,
    };
  }

  function placeCall(form: FakeTwilioFields) {
    for (const name of ['To', 'From'] as const) {
      if (!first(form[name])) throw new TwilioFailure(400, 21201, `A '${name}' phone number is required.`);
    }
    if (!first(form.Url) && !first(form.Twiml)) {
      throw new TwilioFailure(400, 21205, 'Either Url or Twiml is required.');
    }
    if (!held(first(form.From))) {
      throw new TwilioFailure(
        400,
        21210,
        `The source phone number provided, ${first(form.From)}, is not yet verified for your account.`,
      );
    }
    const call: FakeTwilioCall = { sid: sid('CA'), params: form, status: 'queued', updates: [] };
    calls.set(call.sid, call);
    return callJson(call);
  }

  function updateCall(callSid: string, form: FakeTwilioFields, path: string) {
    const call = calls.get(callSid);
    if (!call) throw notFound(path);
    if (call.status === 'completed' || call.status === 'canceled') {
      throw new TwilioFailure(400, 21220, 'Call is not in-progress. Cannot redirect.');
    }
    call.updates.push(form);
    const status = first(form.Status);
    if (status === 'completed' || status === 'canceled') call.status = status;
    else if (call.status === 'queued') call.status = 'in-progress';
    return callJson(call);
  }

  function sendMessage(form: FakeTwilioFields) {
    if (!first(form.To)) throw new TwilioFailure(400, 21604, "A 'To' phone number is required.");
    if (!first(form.Body) && !form.MediaUrl) {
      throw new TwilioFailure(400, 21602, 'Message body is required.');
    }
    if (!held(first(form.From))) {
      throw new TwilioFailure(
        400,
        21606,
        `The From phone number ${first(form.From)} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    const message: FakeTwilioMessage = { sid: sid('SM'), params: form, status: 'queued' };
    messages.set(message.sid, message);
    return {
      sid: message.sid,
      account_sid: accountSid,
      to: first(form.To),
      from: first(form.From),
      body: first(form.Body) ?? '',
      status: message.status,
      direction: 'outbound-api',
      num_segments: '1',
      num_media: '0',
      price: null,
      error_code: null,
      error_message: null,
      date_created: now(),
      date_updated: now(),
      date_sent: null,
      api_version: '2010-04-01',
      uri: `${base}/Messages/${message.sid}.json`,
    };
  }

  /** The answer to one authenticated request: [status, JSON body or null for an empty 204]. */
  function route(
    method: string,
    path: string,
    query: FakeTwilioFields,
    form: FakeTwilioFields,
  ): [number, unknown] {
    if (!path.startsWith(`${base}/`)) throw notFound(path);
    const rest = path.slice(base.length);
    const search = /^\/AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/.exec(rest);
    if (search?.[1] && method === 'GET') return [200, searchNumbers(search[1], query, path)];
    if (rest === '/IncomingPhoneNumbers.json' && method === 'POST') return [201, buyNumber(form)];
    const owned = /^\/IncomingPhoneNumbers\/(PN\w+)\.json$/.exec(rest);
    if (owned?.[1] && method === 'DELETE') {
      if (!purchases.delete(owned[1])) throw notFound(path);
      return [204, null];
    }
    if (rest === '/Calls.json' && method === 'POST') return [201, placeCall(form)];
    const call = /^\/Calls\/(CA\w+)\.json$/.exec(rest);
    if (call?.[1] && method === 'POST') return [200, updateCall(call[1], form, path)];
    if (rest === '/Messages.json' && method === 'POST') return [201, sendMessage(form)];
    throw notFound(path);
  }

  function credentials(header: string | undefined): { username: string; password: string } | null {
    const match = /^Basic (.+)$/.exec(header ?? '');
    if (!match?.[1]) return null;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-twilio');
      const method = req.method ?? 'GET';
      const query = readFields(url.search.slice(1));
      const form = readFields(Buffer.concat(chunks).toString('utf8'));
      const auth = credentials(req.headers.authorization);
      let status: number;
      let body: unknown;
      try {
        if (auth?.username !== accountSid || auth.password !== authToken) {
          throw new TwilioFailure(401, 20003, 'Authenticate');
        }
        [status, body] = route(method, url.pathname, query, form);
      } catch (error) {
        const failure =
          error instanceof TwilioFailure ? error : new TwilioFailure(500, 20500, 'Internal Server Error');
        status = failure.status;
        body = {
          code: failure.code,
          message: failure.message,
          more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
          status: failure.status,
        };
      }
      requests.push({ method, path: url.pathname, query, form, username: auth?.username ?? null, status });
      if (body === null) {
        res.writeHead(status);
        res.end();
        return;
      }
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What TWILIO_API_URL is set to so the SDK talks to this server. */
    apiUrl: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    requests,
    /** Numbers bought and not released, by their PN… sid. */
    purchases,
    calls,
    messages,
    /**
     * A call from `from` ringing one of the account's numbers, as the carrier sees it: its CA… sid is what the
     * number's voice webhook names, and later updates (transfer, hang-up) are recorded on it.
     */
    incomingCall: (from: string, to: string): FakeTwilioCall => {
      const call: FakeTwilioCall = {
        sid: sid('CA'),
        params: { From: from, To: to, Direction: 'inbound' },
        status: 'in-progress',
        updates: [],
      };
      calls.set(call.sid, call);
      return call;
    },
    /**
     * POSTs `params` as a form to `url` the way Twilio calls a webhook, signed with the account's auth token (or
     * `authToken`) over `signedUrl` (the URL as configured at Twilio; `url` by default).
     */
    sendWebhook: (
      url: string,
      params: FakeTwilioFields,
      sign: { authToken?: string; signedUrl?: string } = {},
    ) =>
      sendTwilioWebhook(url, params, { authToken: sign.authToken ?? authToken, signedUrl: sign.signedUrl }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeTwilioServer = Awaited<ReturnType<typeof startFakeTwilioServer>>;

import { MantineProvider } from '@mantine/core';
import { noNumbersMessage, type AvailableNumberView } from '@switchboard/contract';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ConfirmActionOptions } from '../../app/confirm-action';
import { createApiClient } from '../../lib/api-client';
import { assignNumber, releaseNumber } from './number-actions';
import { NumberResults } from './number-results';
import { namedAccountId } from './use-agent-number';
import { buildSearch, emptySearchForm, searchFailure, searchNumbers, type SearchForm } from './number-search';

const austin: AvailableNumberView = {
  phoneNumber: '+15125550142',
  locality: 'Austin',
  region: 'TX',
  country: 'US',
  capabilities: { voice: true, sms: true, mms: false },
};

const held = {
  number: austin.phoneNumber,
  country: 'US',
  kind: 'carrier',
  carrier: 'sandbox',
  locality: 'Austin',
  region: 'TX',
  assignedAt: '2026-11-24T10:00:00.000Z',
};

interface Sent {
  url: URL;
  method: string;
  body: unknown;
}

/** The real API client over a fetch that records each request and answers with `status` and `body`. */
function fakeApi(status: number, body: unknown) {
  const sent: Sent[] = [];
  const callApi = createApiClient({
    baseUrl: 'http://app.test',
    storage: () => null,
    fetch: (url, init) => {
      sent.push({
        url: new URL(url as string),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    },
  });
  return { callApi, sent };
}

const found = { success: true, message: 'Success', numbers: [austin] };

function request(form: Partial<SearchForm>) {
  const built = buildSearch({ ...emptySearchForm, ...form });
  if (!('request' in built)) throw new Error(`the form was refused: ${JSON.stringify(built.errors)}`);
  return built.request;
}

describe('number search', () => {
  it('sends each mode to its endpoint with the body it takes, for the target account', async () => {
    const cases = [
      [
        { mode: 'prefix', prefix: ' 512 ', strict: true },
        '/api/v2/phoneNumber/search/local/prefix',
        { prefix: '512', country: 'US', strict: true },
      ],
      [
        { mode: 'locality', city: ' Austin ', region: 'TX', country: 'US' },
        '/api/v2/phoneNumber/search/local/locality',
        { city: 'Austin', region: 'TX', country: 'US' },
      ],
      [
        { mode: 'locality', city: 'Toronto', region: '  ', country: 'CA' },
        '/api/v2/phoneNumber/search/local/locality',
        { city: 'Toronto', country: 'CA' },
      ],
      [
        { mode: 'phrase', phrase: 'PIZZA*' },
        '/api/v2/phoneNumber/search/local/phrase',
        { phrase: 'PIZZA*', country: 'US' },
      ],
    ] as const;
    for (const [form, path, body] of cases) {
      const { callApi, sent } = fakeApi(200, found);
      expect(await searchNumbers(callApi, request(form), { targetAccountId: 42 })).toEqual([austin]);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.method).toBe('POST');
      expect(sent[0]?.url.pathname).toBe(path);
      expect(sent[0]?.url.searchParams.get('targetAccountId')).toBe('42');
      expect(sent[0]?.body).toEqual(body);
    }
  });

  it('refuses what the API would refuse before sending, naming the field', () => {
    expect(buildSearch({ ...emptySearchForm, prefix: '21a' })).toEqual({
      errors: { prefix: expect.stringContaining('1 to 3 digits') as string },
    });
    expect(buildSearch({ ...emptySearchForm, prefix: '2125' })).toHaveProperty('errors.prefix');
    expect(buildSearch({ ...emptySearchForm, mode: 'locality', city: '   ' })).toHaveProperty('errors.city');
    expect(buildSearch({ ...emptySearchForm, mode: 'phrase', phrase: 'PIZZA!' })).toHaveProperty(
      'errors.phrase',
    );
    expect(buildSearch({ ...emptySearchForm, mode: 'phrase', phrase: 'ABCDEFGHIJK' })).toHaveProperty(
      'errors.phrase',
    );
  });

  it("shows the API's no-numbers answer (404) with a hint to try another area", async () => {
    const { callApi } = fakeApi(404, { success: false, code: 'NOT_FOUND', message: noNumbersMessage });
    const failure = await searchNumbers(callApi, request({ prefix: '907' }), {}).then(
      () => null,
      (error: unknown) => searchFailure(error, 'prefix'),
    );
    expect(failure).toEqual({
      message: noNumbersMessage,
      hint: expect.stringContaining('area code') as string,
    });
    expect(searchFailure(new TypeError('Failed to fetch'), 'phrase').message).toMatch(/could not reach/);
  });

  it('lists the numbers found for people: formatted, with city, state and capabilities', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <NumberResults
          numbers={[
            austin,
            { ...austin, phoneNumber: '+14165550101', locality: null, region: 'ON', country: 'CA' },
          ]}
          assigning={null}
          onUse={() => undefined}
        />
      </MantineProvider>,
    );
    expect(html).toContain('+1 (512) 555-0142');
    expect(html).toContain('Austin, TX');
    expect(html).toContain('+1 (416) 555-0101');
    expect(html).toContain('>ON<');
    expect(html.match(/>Voice</g)).toHaveLength(2);
    expect(html.match(/>SMS</g)).toHaveLength(2);
    expect(html).not.toContain('>MMS<');
    expect(html.match(/Use this number/g)).toHaveLength(2);
  });
});

/** The confirm dialog's text; the number actions ask in plain sentences. */
const messageOf = (options: ConfirmActionOptions | undefined) =>
  typeof options?.message === 'string' ? options.message : '';

function deps(callApi: ReturnType<typeof fakeApi>['callApi'], confirmed: boolean) {
  return {
    callApi,
    confirm: vi.fn((_options: ConfirmActionOptions) => Promise.resolve(confirmed)),
    notify: vi.fn(),
  };
}

describe('assigning a number', () => {
  it('assigns the chosen number to the target agent account and says so', async () => {
    const { callApi, sent } = fakeApi(200, {
      success: true,
      message: 'Success',
      number: held,
      released: null,
    });
    const actions = deps(callApi, true);
    const outcome = await assignNumber(actions, austin, { targetAccountId: 42, current: null });
    expect(outcome).toMatchObject({ status: 'done', number: { number: austin.phoneNumber } });
    expect(actions.confirm).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url.pathname).toBe('/api/v2/phoneNumber/assign');
    expect(sent[0]?.url.searchParams.get('targetAccountId')).toBe('42');
    expect(sent[0]?.body).toEqual({ number: '+15125550142', country: 'US' });
    expect(actions.notify).toHaveBeenCalledWith(expect.stringContaining('+1 (512) 555-0142'), {
      tone: 'success',
      title: 'Number assigned',
    });
  });

  it('asks before replacing the number the agent has, and keeps it when the person cancels', async () => {
    const { callApi, sent } = fakeApi(200, {
      success: true,
      message: 'Success',
      number: held,
      released: null,
    });
    const actions = deps(callApi, false);
    expect(await assignNumber(actions, austin, { targetAccountId: 42, current: '+12125550199' })).toEqual({
      status: 'cancelled',
    });
    expect(actions.confirm).toHaveBeenCalledOnce();
    expect(messageOf(actions.confirm.mock.calls[0]?.[0])).toContain('+1 (212) 555-0199');
    expect(sent).toHaveLength(0);
    expect(actions.notify).not.toHaveBeenCalled();
  });

  it("reports the API's reason when the number cannot be assigned", async () => {
    const taken = 'That number belongs to another account';
    const { callApi } = fakeApi(409, { success: false, code: 'CONFLICT', message: taken });
    const actions = deps(callApi, true);
    expect(await assignNumber(actions, austin, { targetAccountId: 42, current: null })).toEqual({
      status: 'failed',
      message: taken,
    });
    expect(actions.notify).not.toHaveBeenCalled();
  });
});

describe('releasing a number', () => {
  it('asks first, saying calls to it stop, and sends nothing when the person cancels', async () => {
    const { callApi, sent } = fakeApi(200, { success: true, message: 'Success' });
    const actions = deps(callApi, false);
    expect(await releaseNumber(actions, austin.phoneNumber, { targetAccountId: 42 })).toEqual({
      status: 'cancelled',
    });
    expect(actions.confirm).toHaveBeenCalledOnce();
    const asked = actions.confirm.mock.calls[0]?.[0];
    expect(asked?.danger).toBe(true);
    expect(messageOf(asked)).toMatch(/Calls and texts to \+1 \(512\) 555-0142 stop/);
    expect(sent).toHaveLength(0);
  });

  it('returns the number for the target account once confirmed', async () => {
    const { callApi, sent } = fakeApi(200, { success: true, message: 'Success' });
    const actions = deps(callApi, true);
    expect(await releaseNumber(actions, austin.phoneNumber, { targetAccountId: 42 })).toEqual({
      status: 'done',
    });
    expect(sent[0]?.url.pathname).toBe('/api/v2/phoneNumber/return');
    expect(sent[0]?.url.searchParams.get('targetAccountId')).toBe('42');
    expect(sent[0]?.body).toEqual({ number: austin.phoneNumber });
    expect(actions.notify).toHaveBeenCalledWith(expect.stringContaining('released'), { tone: 'success' });
  });
});

describe('the account a number screen acts for', () => {
  it('is the account id the overlay value names, and never a phone number in the link', () => {
    expect(namedAccountId('2000001')).toBe(2000001);
    expect(namedAccountId(null)).toBeNull();
    expect(namedAccountId('+15125550142')).toBeNull();
    expect(namedAccountId(' 15125550142')).toBeNull();
    expect(namedAccountId('15125550142')).toBeNull();
    expect(namedAccountId('0')).toBeNull();
  });
});

import {
  endpoints,
  phoneNumberCountries,
  type AvailableNumberView,
  type PhoneNumberCountry,
} from '@switchboard/contract';
import type { CallApi } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

export type SearchMode = 'prefix' | 'locality' | 'phrase';

export const searchModes: { value: SearchMode; label: string }[] = [
  { value: 'prefix', label: 'Area code' },
  { value: 'locality', label: 'City' },
  { value: 'phrase', label: 'Vanity phrase' },
];

const countryNames: Record<PhoneNumberCountry, string> = { US: 'United States', CA: 'Canada' };

/** The countries the API sells numbers in, for the country select. */
export const countryOptions = phoneNumberCountries.map((code) => ({
  value: code,
  label: countryNames[code],
}));

/** What the search form holds, whichever mode is shown. */
export interface SearchForm {
  mode: SearchMode;
  country: PhoneNumberCountry;
  prefix: string;
  /** Only the area code itself, not the rest of its state. */
  strict: boolean;
  city: string;
  region: string;
  phrase: string;
}

export const emptySearchForm: SearchForm = {
  mode: 'prefix',
  country: 'US',
  prefix: '',
  strict: false,
  city: '',
  region: '',
  phrase: '',
};

/** A search ready to send: the mode picks the endpoint, the body is what that endpoint takes. */
export type SearchRequest =
  | { mode: 'prefix'; body: { prefix: string; country: PhoneNumberCountry; strict: boolean } }
  | { mode: 'locality'; body: { city: string; region?: string; country: PhoneNumberCountry } }
  | { mode: 'phrase'; body: { phrase: string; country: PhoneNumberCountry } };

/** Field name to the problem with it, in words a person can act on. */
export type SearchErrors = Partial<Record<'prefix' | 'city' | 'region' | 'phrase', string>>;

/** Checks the fields of the form's mode and builds the request, or names what is wrong with each field. */
export function buildSearch(form: SearchForm): { request: SearchRequest } | { errors: SearchErrors } {
  const { country } = form;
  if (form.mode === 'prefix') {
    const prefix = form.prefix.trim();
    if (!/^\d{1,3}$/.test(prefix))
      return { errors: { prefix: 'Enter 1 to 3 digits of an area code, like 212' } };
    return { request: { mode: 'prefix', body: { prefix, country, strict: form.strict } } };
  }
  if (form.mode === 'locality') {
    const city = form.city.trim();
    const region = form.region.trim();
    const errors: SearchErrors = {};
    if (city === '') errors.city = 'Enter a city, like Austin';
    else if (city.length > 80) errors.city = 'A city name is at most 80 characters';
    if (region.length > 40) errors.region = 'A state or province is at most 40 characters';
    if (Object.keys(errors).length > 0) return { errors };
    return {
      request: { mode: 'locality', body: { city, ...(region === '' ? {} : { region }), country } },
    };
  }
  const phrase = form.phrase.trim();
  if (phrase === '') return { errors: { phrase: 'Enter a word or digits, like PIZZA' } };
  if (!/^[A-Za-z0-9*]+$/.test(phrase)) {
    return { errors: { phrase: 'Use only letters, digits and * (any one digit)' } };
  }
  // Every letter is one keypad digit, and a number has 10 digits after its country code.
  if (phrase.length > 10) return { errors: { phrase: 'A phrase is at most 10 letters or digits' } };
  return { request: { mode: 'phrase', body: { phrase, country } } };
}

/** Sends the search for the acting account and answers the numbers for sale. */
export async function searchNumbers(
  callApi: CallApi,
  request: SearchRequest,
  target: { targetAccountId?: number },
): Promise<AvailableNumberView[]> {
  switch (request.mode) {
    case 'prefix':
      return (await callApi(endpoints.searchNumbersByPrefix, { ...target, body: request.body })).numbers;
    case 'locality':
      return (await callApi(endpoints.searchNumbersByLocality, { ...target, body: request.body })).numbers;
    case 'phrase':
      return (await callApi(endpoints.searchNumbersByPhrase, { ...target, body: request.body })).numbers;
  }
}

const otherAreaHints: Record<SearchMode, string> = {
  prefix: 'Try a nearby area code, or search by city instead.',
  locality: 'Try a nearby city, or search by area code instead.',
  phrase: 'Try a shorter phrase, a * for any digit, or another city.',
};

/** Why a search failed (the API's own words) and, when nothing was found, what to try next. */
export function searchFailure(error: unknown, mode: SearchMode): { message: string; hint: string | null } {
  if (error instanceof ApiError) {
    return { message: error.message, hint: error.status === 404 ? otherAreaHints[mode] : null };
  }
  return { message: 'The search could not reach the server.', hint: 'Check your connection and try again.' };
}

/** "Austin, TX", or whichever part the carrier knows. */
export function placeOf(number: { locality: string | null; region: string | null }): string | null {
  const parts = [number.locality, number.region].filter((part): part is string => !!part);
  return parts.length === 0 ? null : parts.join(', ');
}

/** The things a number can do, as short labels. */
export function capabilityLabels(capabilities: AvailableNumberView['capabilities']): string[] {
  return [
    ...(capabilities.voice ? ['Voice'] : []),
    ...(capabilities.sms ? ['SMS'] : []),
    ...(capabilities.mms ? ['MMS'] : []),
  ];
}

import type { FastifyBaseLogger } from 'fastify';
import {
  noNumbersMessage,
  type AvailableNumberView,
  type HeldNumberView,
  type PhoneNumberCountry,
} from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { TelephonyError, type NumberSearch, type TelephonyProvider } from '../../providers/telephony/types';
import { loadActingAccount } from '../accounts/accounts.service';
import { chargeFirstMonth, createLedger } from '../ledger';
import { recordUsage } from '../logs/logs.service';
import {
  assignHeldNumber,
  findHeldNumber,
  listHeldNumbers,
  releaseHeldNumber,
  type PhoneNumberRow,
} from './phone-numbers.repo';

export interface PhoneNumbersDeps {
  db: Db;
  telephony: TelephonyProvider;
  logger: FastifyBaseLogger;
  /** The platform's public address: the carrier sends a number's calls and texts to its webhooks there. */
  publicUrl: string;
  /** The platform's own number: codes to brought numbers and forwarding test calls come from it (null: none). */
  platformNumber: string | null;
}

/** How many numbers a search answers. */
export const searchLimit = 20;

const keypadKeys = ['abc', 'def', 'ghi', 'jkl', 'mno', 'pqrs', 'tuv', 'wxyz'];
const keyOf = (letter: string) => String(keypadKeys.findIndex((letters) => letters.includes(letter)) + 2);

/** A vanity phrase as the digits it spells on the keypad, `*` kept as a one-digit wildcard. */
export function phraseDigits(phrase: string): string {
  const digits = phrase.toLowerCase().replace(/[a-z]/g, keyOf);
  const trimmed = digits.replace(/^\*+|\*+$/g, '');
  if (!/\d/.test(trimmed)) throw new AppError('VALIDATION_FAILED', 'body.phrase: needs a letter or a digit');
  if (trimmed.length > 10) {
    throw new AppError('VALIDATION_FAILED', 'body.phrase: spells more than the 10 digits of a number');
  }
  return trimmed;
}

/** A carrier's refusal as the API's answer; anything else is not the carrier's to explain. */
function carrierFailure(error: unknown, doing: string): never {
  if (!(error instanceof TelephonyError)) throw error;
  const message = `Unable to ${doing}: ${error.message}`;
  if (error.status === 404) throw new AppError('NOT_FOUND', message);
  if (error.status === 409) throw new AppError('CONFLICT', message);
  if (error.status === 400) throw new AppError('BAD_REQUEST', message);
  throw new AppError('UNAVAILABLE', `${message} (the phone carrier could not do it now; try again later)`);
}

async function searchCarrier(deps: PhoneNumbersDeps, search: NumberSearch): Promise<AvailableNumberView[]> {
  try {
    return await deps.telephony.searchNumbers(search);
  } catch (error) {
    return carrierFailure(error, 'search for phone numbers');
  }
}

function found(numbers: AvailableNumberView[]) {
  if (numbers.length === 0) throw new AppError('NOT_FOUND', noNumbersMessage);
  return { success: true as const, message: 'Success' as const, numbers };
}

/** Numbers in an area code; unless strict, the rest of the list comes from the same state or province. */
export async function searchByPrefix(
  deps: PhoneNumbersDeps,
  body: { prefix: string; country: PhoneNumberCountry; strict: boolean },
) {
  const numbers = await searchCarrier(deps, {
    country: body.country,
    areaCode: body.prefix,
    limit: searchLimit,
  });
  const region = numbers.find((number) => number.region)?.region;
  if (!body.strict && region && numbers.length < searchLimit) {
    const seen = new Set(numbers.map((number) => number.phoneNumber));
    const nearby = await searchCarrier(deps, { country: body.country, region, limit: searchLimit * 2 });
    for (const number of nearby) {
      if (numbers.length >= searchLimit) break;
      if (!seen.has(number.phoneNumber)) numbers.push(number);
    }
  }
  return found(numbers);
}

export async function searchByLocality(
  deps: PhoneNumbersDeps,
  body: { city: string; region?: string | undefined; country: PhoneNumberCountry },
) {
  return found(
    await searchCarrier(deps, {
      country: body.country,
      locality: body.city,
      region: body.region,
      limit: searchLimit,
    }),
  );
}

export async function searchByPhrase(
  deps: PhoneNumbersDeps,
  body: {
    phrase: string;
    city?: string | undefined;
    region?: string | undefined;
    country: PhoneNumberCountry;
  },
) {
  return found(
    await searchCarrier(deps, {
      country: body.country,
      contains: phraseDigits(body.phrase),
      locality: body.city,
      region: body.region,
      limit: searchLimit,
    }),
  );
}

export function presentNumber(row: PhoneNumberRow): HeldNumberView {
  return {
    number: row.number,
    country: row.country,
    kind: row.kind,
    carrier: row.carrier,
    locality: row.locality,
    region: row.region,
    assignedAt: row.assignedAt.toISOString(),
  };
}

/** The acting account, which must be an agent account: only agent accounts hold numbers. */
export async function agentAccount(db: Db, accountId: number | null) {
  const account = await loadActingAccount(db, accountId);
  if (account.accountType !== 'agent') {
    throw new AppError(
      'FORBIDDEN',
      'Only agent accounts hold phone numbers: act for an agent account (targetAccountId)',
    );
  }
  return account;
}

export async function listNumbers(deps: PhoneNumbersDeps, accountId: number | null) {
  const account = await agentAccount(deps.db, accountId);
  return { success: true as const, numbers: (await listHeldNumbers(deps.db, account.id)).map(presentNumber) };
}

/** The account holding a number now, for the tenant check (null when nobody holds it). */
export async function phoneNumberOwner(db: Db, number: string): Promise<number | null> {
  return (await findHeldNumber(db, number.trim()))?.accountId ?? null;
}

const countryCodes: Record<PhoneNumberCountry, string> = { US: '+1', CA: '+1' };

export async function releaseAtCarrier(deps: PhoneNumbersDeps, row: PhoneNumberRow): Promise<void> {
  if (row.kind !== 'carrier') return;
  if (row.carrier !== deps.telephony.name) {
    throw new AppError(
      'UNAVAILABLE',
      `Unable to return phone number: ${row.number} is held at ${row.carrier}, which this server is not connected to`,
    );
  }
  await deps.telephony.releaseNumber({ carrierId: row.carrierId, phoneNumber: row.number });
}

/**
 * After a number became the account's: the numbers it replaced go back to the carrier (a failure there is logged,
 * the account keeps its new number), the month is metered, and the held number is read back as the API shows it.
 */
export async function settleHeldNumber(
  deps: PhoneNumbersDeps,
  accountId: number,
  number: string,
  replaced: readonly PhoneNumberRow[],
  unit: 'us-number' | 'byo-number',
): Promise<HeldNumberView> {
  for (const row of replaced) {
    await releaseAtCarrier(deps, row).catch((error: unknown) => {
      deps.logger.warn(
        { err: error, number: row.number },
        'a replaced number was not released at the carrier',
      );
    });
  }
  const month = new Date().toISOString().slice(0, 7);
  await recordUsage(deps.db, {
    accountId,
    unit,
    quantity: 1,
    idempotencyKey: `${unit}:${accountId}:${number}:${month}`,
  });
  // The number's first month is charged to the organization now; if that fails, the daily sweep charges it.
  await chargeFirstMonth(deps.db, createLedger(deps.db), { kind: 'number', number }).catch(
    (error: unknown) => {
      deps.logger.warn({ err: error, number }, 'the number’s first month was not charged yet');
    },
  );
  const [current] = (await listHeldNumbers(deps.db, accountId)).filter((row) => row.number === number);
  if (!current) throw new Error(`${number} was made this account's number but cannot be read back`);
  return presentNumber(current);
}

/**
 * Buys the number for the acting agent account and makes it the account's number. The carrier sale comes first
 * and the records after it, in one transaction; when the records cannot be written the number goes back to the
 * carrier, so nothing is left half assigned. The number the account held before is released afterwards.
 */
export async function assignNumber(
  deps: PhoneNumbersDeps,
  accountId: number | null,
  body: { number: string; country: PhoneNumberCountry },
) {
  const account = await agentAccount(deps.db, accountId);
  const { number, country } = body;
  if (!number.startsWith(countryCodes[country])) {
    throw new AppError('VALIDATION_FAILED', `body.number: ${number} is not a number in ${country}`);
  }
  const holder = await findHeldNumber(deps.db, number);
  if (holder && holder.accountId !== account.id) {
    throw new AppError('CONFLICT', `${number} is held by another account`);
  }
  if (holder) {
    return {
      success: true as const,
      message: 'Success' as const,
      number: presentNumber(holder),
      released: null,
    };
  }
  const national = number.slice(countryCodes[country].length);
  const [offer] = (await searchCarrier(deps, { country, contains: national, limit: 1 })).filter(
    (candidate) => candidate.phoneNumber === number,
  );
  if (!offer) throw new AppError('NOT_FOUND', `Unable to assign phone number: ${number} is not for sale`);

  const webhooks = {
    voiceUrl: `${deps.publicUrl}/api/twilio/voice`,
    smsUrl: `${deps.publicUrl}/api/twilio/sms`,
    statusUrl: `${deps.publicUrl}/api/twilio/status`,
  };
  const owned = await deps.telephony.buyNumber(number, webhooks).catch((error: unknown) => {
    return carrierFailure(error, 'assign phone number');
  });
  let released: PhoneNumberRow[] | null;
  try {
    released = await assignHeldNumber(deps.db, {
      number,
      country,
      accountId: account.id,
      kind: 'carrier',
      carrier: deps.telephony.name === 'twilio' ? 'twilio' : 'sandbox',
      carrierId: owned.carrierId,
      locality: offer.locality,
      region: offer.region,
    });
  } catch (error) {
    await deps.telephony.releaseNumber(owned).catch((releaseError: unknown) => {
      deps.logger.error(
        { err: releaseError, number },
        'a number bought for a failed assignment was not released',
      );
    });
    throw error;
  }
  if (!released) {
    await deps.telephony.releaseNumber(owned);
    throw new AppError('CONFLICT', `${number} is held by another account`);
  }
  return {
    success: true as const,
    message: 'Success' as const,
    number: await settleHeldNumber(deps, account.id, number, released, 'us-number'),
    released: released[0]?.number ?? null,
  };
}

/** Releases a number the acting agent account holds: at the carrier first, then in the records. */
export async function returnNumber(deps: PhoneNumbersDeps, accountId: number | null, number: string) {
  const account = await agentAccount(deps.db, accountId);
  const row = await findHeldNumber(deps.db, number);
  if (row?.accountId !== account.id) {
    throw new AppError('NOT_FOUND', `Unable to return phone number: this account does not hold ${number}`);
  }
  await releaseAtCarrier(deps, row).catch((error: unknown) => carrierFailure(error, 'return phone number'));
  await releaseHeldNumber(deps.db, account.id, number);
  return { success: true as const, message: 'Success' as const };
}

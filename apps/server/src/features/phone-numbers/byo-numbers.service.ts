import { timingSafeEqual } from 'node:crypto';
import type { PhoneNumberCountry } from '@switchboard/contract';
import { AppError, rateLimited } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { TelephonyError } from '../../providers/telephony/types';
import { hashCode, newCode } from '../auth/secrets';
import { takeRateLimitSlots, waitText } from '../auth/verification-codes';
import {
  consumeByoCode,
  countByoCodeTry,
  deleteByoCode,
  insertByoCode,
  latestUnusedByoCode,
  restoreByoCode,
} from './byo-numbers.repo';
import { agentAccount, settleHeldNumber, type PhoneNumbersDeps } from './phone-numbers.service';
import { assignHeldNumber, findHeldNumber, type PhoneNumberRow } from './phone-numbers.repo';

const codeLifetimeMs = 10 * 60_000;
const codeWindowMs = 10 * 60_000;
export const byoCodeTries = 5;
/** Codes an agent account may have texted within 10 minutes, to any numbers, and to any one number. */
export const byoCodesPerAccount = 5;
export const byoCodesPerNumber = 3;

const countryCodes: Record<PhoneNumberCountry, string> = { US: '+1', CA: '+1' };

/** The code's hash names the account and the number, so a code proves one number for one account. */
const codeHashOf = (accountId: number, number: string, code: string) =>
  hashCode(`byo:${accountId}:${number}`, code);

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

function checkNumber(number: string, country: PhoneNumberCountry): void {
  if (!number.startsWith(countryCodes[country])) {
    throw new AppError('VALIDATION_FAILED', `body.number: ${number} is not a number in ${country}`);
  }
  if (countryCodes[country] === '+1' && !/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(number)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `body.number: ${number} is not a North American number (+1, a 3-digit area code and 7 digits)`,
    );
  }
}

async function refuseNumberHeldElsewhere(deps: PhoneNumbersDeps, accountId: number, number: string) {
  const holder = await findHeldNumber(deps.db, number);
  if (holder && holder.accountId !== accountId) {
    throw new AppError('CONFLICT', `${number} is held by another account`);
  }
  return holder;
}

/** Texts a fresh code to the number from the platform's number, within the per-account and per-number limits. */
async function sendCode(deps: PhoneNumbersDeps, accountId: number, number: string) {
  const from = deps.platformNumber;
  if (!from) {
    throw new AppError(
      'UNAVAILABLE',
      'Unable to text a code: the platform has no number to text from (set TELEPHONY_PLATFORM_NUMBER)',
    );
  }
  const slots = await takeRateLimitSlots(deps.db, [
    {
      bucket: 'byo-codes-account',
      key: String(accountId),
      limit: byoCodesPerAccount,
      windowMs: codeWindowMs,
    },
    { bucket: 'byo-codes-number', key: number, limit: byoCodesPerNumber, windowMs: codeWindowMs },
  ]);
  if (!slots.ok) {
    throw rateLimited(
      `Too many codes were sent for numbers of this agent. Try again ${waitText(slots.retryAfterSeconds)}.`,
      slots.retryAfterSeconds,
    );
  }
  const code = newCode();
  const codeId = await insertByoCode(deps.db, {
    accountId,
    number,
    codeHash: codeHashOf(accountId, number, code),
    expiresAt: new Date(Date.now() + codeLifetimeMs),
  });
  try {
    await deps.telephony.sendText({
      to: number,
      from,
      text: `Your code to connect this number to your agent is ${code}. It expires in 10 minutes.`,
    });
  } catch (error) {
    // An unsent code cannot be used: nothing is left waiting.
    await deleteByoCode(deps.db, codeId);
    if (!(error instanceof TelephonyError)) throw error;
    const why = `Unable to text a code to ${number}: ${error.message}`;
    if (error.status === 400 || error.status === 404) throw new AppError('BAD_REQUEST', why);
    throw new AppError('UNAVAILABLE', `${why} (the phone carrier could not do it now; try again later)`);
  }
}

/**
 * Checks a code for the number and uses it up; each wrong try counts, and the fifth burns the code. Throws with
 * what to do next when there is no usable code or it is wrong. Answers the code row's id (to give it back when
 * the attachment cannot be written).
 */
async function takeCode(deps: PhoneNumbersDeps, accountId: number, number: string, code: string) {
  const latest = await latestUnusedByoCode(deps.db, accountId, number);
  if (!latest) {
    throw new AppError('BAD_REQUEST', `No code is waiting for ${number}: send a code to it first`);
  }
  if (latest.expiresAt.getTime() <= Date.now()) {
    throw new AppError('BAD_REQUEST', `The code sent to ${number} has expired: send a new one`);
  }
  if (latest.attempts >= byoCodeTries) {
    throw new AppError('BAD_REQUEST', `Too many wrong codes were tried for ${number}: send a new one`);
  }
  const tried = await countByoCodeTry(deps.db, latest.id);
  if (tried === null || tried > byoCodeTries) {
    throw new AppError('BAD_REQUEST', `Too many wrong codes were tried for ${number}: send a new one`);
  }
  if (!sameHash(latest.codeHash, codeHashOf(accountId, number, code))) {
    const left = byoCodeTries - tried;
    throw new AppError(
      'BAD_REQUEST',
      left > 0
        ? `That is not the code sent to ${number} (${left} ${left === 1 ? 'try' : 'tries'} left)`
        : `That is not the code sent to ${number}, and it was the last try: send a new one`,
    );
  }
  if (!(await consumeByoCode(deps.db, latest.id))) {
    throw new AppError('BAD_REQUEST', `The code for ${number} was already used: send a new one`);
  }
  return latest.id;
}

/**
 * Bringing a number the customer owns: without a code, a code is texted to the number; with the right code, the
 * number becomes the acting agent account's (kind byo; the number it held before is released) and is metered as
 * byo-number for the month. A failure leaves nothing attached and the code unused.
 */
export async function assignByoNumber(
  deps: PhoneNumbersDeps,
  accountId: number | null,
  body: { number: string; country: PhoneNumberCountry; code?: string | undefined },
) {
  const account = await agentAccount(deps.db, accountId);
  const { number, country } = body;
  checkNumber(number, country);
  const holder = await refuseNumberHeldElsewhere(deps, account.id, number);
  if (body.code === undefined) {
    if (holder) {
      throw new AppError('CONFLICT', `${number} is already this agent's number: there is nothing to verify`);
    }
    await sendCode(deps, account.id, number);
    return {
      success: true as const,
      message: `A code was texted to ${number}: enter it to connect the number`,
      codeSent: true,
      number: null,
      released: null,
    };
  }
  const codeId = await takeCode(deps, account.id, number, body.code);
  let released: PhoneNumberRow[] | null = [];
  if (!holder) {
    released = await assignHeldNumber(deps.db, {
      number,
      country,
      accountId: account.id,
      kind: 'byo',
      carrier: deps.telephony.name === 'twilio' ? 'twilio' : 'sandbox',
      carrierId: `byo:${number}`,
      locality: null,
      region: null,
    }).catch(async (error: unknown) => {
      await giveBackCode(deps.db, codeId);
      throw error;
    });
    if (!released) {
      await giveBackCode(deps.db, codeId);
      throw new AppError('CONFLICT', `${number} is held by another account`);
    }
  }
  return {
    success: true as const,
    message: `${number} is now this agent's number`,
    codeSent: false,
    number: await settleHeldNumber(deps, account.id, number, released, 'byo-number'),
    released: released[0]?.number ?? null,
  };
}

const giveBackCode = (db: Db, codeId: number) => restoreByoCode(db, codeId);

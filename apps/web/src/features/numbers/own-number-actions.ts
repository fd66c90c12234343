import { endpoints, type ForwardingView, type HeldNumberView } from '@switchboard/contract';
import { formatPhoneForDisplay, normalizePhoneNumber } from '@switchboard/core';
import type { CallApi } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

const targetOf = (targetAccountId: number | null) => (targetAccountId === null ? {} : { targetAccountId });
const failureOf = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** A number as a person types it ("(415) 555-0199", "415.555.0199", "+1 415…") in E.164, or why it is not one. */
export function readOwnNumber(text: string): { number: string } | { error: string } {
  if (text.trim() === '') return { error: 'Enter the number you want to bring' };
  const number = normalizePhoneNumber(text);
  if (!number) return { error: 'Enter a phone number, like (415) 555-0199 or +1 415 555 0199' };
  if (!number.startsWith('+1')) return { error: 'Only US and Canadian numbers (+1) can be brought for now' };
  return { number };
}

/** A code as typed: six digits, spaces ignored, or why not. */
export function readCode(text: string): { code: string } | { error: string } {
  const code = text.replace(/\s/g, '');
  return /^\d{6}$/.test(code) ? { code } : { error: 'Enter the 6-digit code from the text' };
}

export type OwnNumberOutcome<T = object> = ({ ok: true } & T) | { ok: false; message: string };

/** Asks the server to text a code to the number. */
export async function sendOwnNumberCode(
  callApi: CallApi,
  number: string,
  targetAccountId: number | null,
): Promise<OwnNumberOutcome<{ message: string }>> {
  try {
    const answer = await callApi(endpoints.assignByoNumber, {
      ...targetOf(targetAccountId),
      body: { number },
    });
    return { ok: true, message: answer.message };
  } catch (error) {
    return {
      ok: false,
      message: failureOf(error, `Could not text a code to ${formatPhoneForDisplay(number)}.`),
    };
  }
}

/** Sends the code back: the number becomes the agent's. */
export async function connectOwnNumber(
  callApi: CallApi,
  number: string,
  code: string,
  targetAccountId: number | null,
): Promise<OwnNumberOutcome<{ number: HeldNumberView; released: string | null }>> {
  try {
    const answer = await callApi(endpoints.assignByoNumber, {
      ...targetOf(targetAccountId),
      body: { number, code },
    });
    if (!answer.number) return { ok: false, message: answer.message };
    return { ok: true, number: answer.number, released: answer.released };
  } catch (error) {
    return { ok: false, message: failureOf(error, `Could not connect ${formatPhoneForDisplay(number)}.`) };
  }
}

/**
 * Runs a forwarding check: starts it, then listens while the test call is on its way (each listen waits up to
 * 25 seconds on the server), telling `progress` what is happening. Answers the check's end, or why it could not
 * run.
 */
export async function checkForwarding(
  callApi: CallApi,
  cellNumber: string,
  targetAccountId: number | null,
  progress: (state: ForwardingView) => void = () => undefined,
): Promise<OwnNumberOutcome<{ forwarding: ForwardingView }>> {
  try {
    const started = await callApi(endpoints.verifyCellForwarding, {
      ...targetOf(targetAccountId),
      body: { cellNumber },
    });
    let forwarding = started.forwarding;
    for (let listens = 0; forwarding.status === 'calling' && listens < 4; listens += 1) {
      progress(forwarding);
      forwarding = (
        await callApi(endpoints.validateVerifiedNumber, {
          ...targetOf(targetAccountId),
          body: { listen: true },
        })
      ).forwarding;
    }
    return { ok: true, forwarding };
  } catch (error) {
    return { ok: false, message: failureOf(error, 'Could not check call forwarding. Try again.') };
  }
}

/** One carrier's codes for forwarding calls to the agent's number (dialed on the cell). */
export interface CarrierCodes {
  carrier: string;
  all: { on: string; off: string };
  /** Forwarding only when the cell is busy, not answered or unreachable, where the carrier has it. */
  conditional: { noAnswer: string; busy: string; unreachable: string | null; off: string } | null;
  note: string | null;
}

/** The forwarding codes of the major US carriers for the agent's number (its 10 national digits). */
export function forwardingCodes(agentNumber: string): CarrierCodes[] {
  const digits = agentNumber.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  const gsmConditional = {
    noAnswer: `**61*${digits}#`,
    busy: `**67*${digits}#`,
    unreachable: `**62*${digits}#`,
    off: '##004#',
  };
  return [
    {
      carrier: 'Verizon',
      all: { on: `*72${digits}`, off: '*73' },
      conditional: { noAnswer: `*71${digits}`, busy: `*71${digits}`, unreachable: null, off: '*73' },
      note: 'Verizon forwards busy and unanswered calls together with *71.',
    },
    {
      carrier: 'AT&T',
      all: { on: `*72${digits}`, off: '*73' },
      conditional: gsmConditional,
      note: 'AT&T also takes **21*number# to forward all calls and ##21# to stop.',
    },
    {
      carrier: 'T-Mobile',
      all: { on: `**21*${digits}#`, off: '##21#' },
      conditional: gsmConditional,
      note: null,
    },
    {
      carrier: 'Other carriers and landlines',
      all: { on: `*72${digits}`, off: '*73' },
      conditional: null,
      note: 'Most US landlines and smaller carriers use *72 and *73; ask your carrier if these do not work.',
    },
  ];
}

import { randomBytes } from 'node:crypto';
import type { OutboxRecorder } from '../shared/outbox-recorder';
import { areaCodes, type AreaCode } from './sandbox-area-codes';
import { SandboxPhoneNetwork } from './sandbox-network';
import {
  TelephonyError,
  type AvailableNumber,
  type NumberSearch,
  type NumberWebhooks,
  type OutboundCall,
  type OutboundText,
  type OwnedNumber,
  type PlacedCall,
  type SentText,
  type TelephonyProvider,
} from './types';

/** Where the sandbox carrier keeps which of its numbers are sold (the database, so every process agrees). */
export interface SandboxNumberLedger {
  /** The numbers among these that are sold and not yet given back. */
  sold(numbers: readonly string[]): Promise<Set<string>>;
  /** Records a sale; false when the number is already sold. */
  sell(number: string, carrierId: string): Promise<boolean>;
  takeBack(number: string): Promise<void>;
}

/** A call request the sandbox network took (placing, transferring or hanging up). */
export type SandboxCallRequest =
  | { kind: 'place'; callId: string; call: OutboundCall }
  | { kind: 'transfer'; callId: string; to: string; callerId: string }
  | { kind: 'hangUp'; callId: string };

/** The fictional exchange every sandbox number is in: NXX 555, lines 0100-0199 (reserved for fiction). */
const exchange = '555';
const firstLine = 100;
const lineCount = 100;

const sandboxId = (prefix: string) => `SB${prefix}${randomBytes(16).toString('hex')}`;

function numberOf(areaCode: string, line: number): string {
  return `+1${areaCode}${exchange}${String(firstLine + line).padStart(4, '0')}`;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The area codes a search may draw from, in the data file's order. */
function candidateAreaCodes(search: NumberSearch): AreaCode[] {
  let codes = areaCodes.filter((code) => code.country === search.country);
  if (search.areaCode) codes = codes.filter((code) => code.areaCode.startsWith(search.areaCode ?? ''));
  if (search.region) codes = codes.filter((code) => sameText(code.region, search.region ?? ''));
  if (search.locality) {
    const inCity = codes.filter((code) => sameText(code.city, search.locality ?? ''));
    // The sandbox has no map: a city it does not know widens to the state it was asked in, when one was named.
    codes = inCity.length > 0 || !search.region ? inCity : codes;
  }
  return codes;
}

/** `contains` as a test on the ten national digits: digits match themselves, `*` any one digit. */
function containsTest(contains: string | undefined): (national: string) => boolean {
  if (!contains) return () => true;
  const pattern = new RegExp(contains.replace(/[^0-9*]/g, '').replace(/\*/g, '\\d'));
  return (national) => pattern.test(national);
}

/**
 * The offline sandbox phone network: a carrier with a pool of fictional numbers (NXX 555, lines 0100-0199) in
 * real North American area codes. It sells and takes back numbers (recorded in the database), records texts in
 * the sandbox outbox like the sandbox SMS provider, and records call requests, answering each with a sandbox
 * call id. Calls run through `network`: a call an agent places rings a softphone or a simulated callee there (or
 * rings out), and the agent's hang-up, transfer and keypad digits reach the far end there.
 */
export class SandboxTelephony implements TelephonyProvider {
  readonly name = 'sandbox';
  readonly sandbox = true;
  /** The call requests this process took, oldest first (the softphone reads them once it exists). */
  readonly callRequests: SandboxCallRequest[] = [];
  /** The live calls between softphones and agents. */
  readonly network = new SandboxPhoneNetwork();

  constructor(
    private readonly ledger: SandboxNumberLedger,
    private readonly record: OutboxRecorder,
  ) {}

  async searchNumbers(search: NumberSearch): Promise<AvailableNumber[]> {
    const matches = containsTest(search.contains);
    const candidates: { phoneNumber: string; code: AreaCode }[] = [];
    for (const code of candidateAreaCodes(search)) {
      for (let line = 0; line < lineCount; line += 1) {
        const phoneNumber = numberOf(code.areaCode, line);
        if (matches(phoneNumber.slice(2))) candidates.push({ phoneNumber, code });
      }
    }
    const found: AvailableNumber[] = [];
    const batch = Math.max(search.limit * 2, 50);
    for (let start = 0; start < candidates.length && found.length < search.limit; start += batch) {
      const slice = candidates.slice(start, start + batch);
      const sold = await this.ledger.sold(slice.map((candidate) => candidate.phoneNumber));
      for (const { phoneNumber, code } of slice) {
        if (found.length >= search.limit) break;
        if (sold.has(phoneNumber)) continue;
        found.push({
          phoneNumber,
          locality: code.city,
          region: code.region,
          country: code.country,
          capabilities: { voice: true, sms: true, mms: code.country === 'US' },
        });
      }
    }
    return found;
  }

  async buyNumber(phoneNumber: string, _webhooks: NumberWebhooks): Promise<OwnedNumber> {
    if (!this.offers(phoneNumber)) {
      throw new TelephonyError(`${phoneNumber} is not a number the sandbox phone network offers`, 404);
    }
    const carrierId = sandboxId('PN');
    if (!(await this.ledger.sell(phoneNumber, carrierId))) {
      throw new TelephonyError(`${phoneNumber} is no longer available`, 409);
    }
    return { carrierId, phoneNumber };
  }

  async releaseNumber(owned: OwnedNumber): Promise<void> {
    await this.ledger.takeBack(owned.phoneNumber);
  }

  placeCall(call: OutboundCall): Promise<PlacedCall> {
    const callId = sandboxId('CA');
    this.callRequests.push({ kind: 'place', callId, call });
    this.network.place(callId, call);
    return Promise.resolve({ callId, status: 'queued' });
  }

  /** Plays keypad digits into a live call from the agent's side (a phone menu hears them). */
  sendDigits(callId: string, digits: string): Promise<void> {
    if (!/^[0-9*#A-D]+$/.test(digits)) {
      return Promise.reject(new TelephonyError(`${digits} are not keypad digits (0-9, *, #, A-D)`, 400));
    }
    this.network.sendDigits(callId, digits);
    return Promise.resolve();
  }

  transferCall(callId: string, to: string, callerId: string): Promise<void> {
    this.callRequests.push({ kind: 'transfer', callId, to, callerId });
    this.network.transfer(callId, to, callerId);
    return Promise.resolve();
  }

  hangUp(callId: string): Promise<void> {
    this.callRequests.push({ kind: 'hangUp', callId });
    this.network.hangUp(callId);
    return Promise.resolve();
  }

  async sendText(text: OutboundText): Promise<SentText> {
    await this.record({ channel: 'sms', to: text.to, from: text.from, text: text.text });
    return { messageId: sandboxId('SM'), status: 'sent' };
  }

  /** Whether a number is one of the pool's (sold or not). */
  private offers(phoneNumber: string): boolean {
    const match = /^\+1(\d{3})555(\d{4})$/.exec(phoneNumber);
    if (!match) return false;
    const line = Number(match[2]) - firstLine;
    return line >= 0 && line < lineCount && areaCodes.some((code) => code.areaCode === match[1]);
  }
}

import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { SipMessage } from '../../providers/telephony/sip/sip-stack';
import type { Db } from '../../platform/database';
import type { SecretBox } from '../../platform/secret-box';
import { answerChallenge, canAnswer, readChallenge, type DigestChallenge } from './sip-digest';
import type { SipEndpoint } from './sip-endpoint';
import {
  accountUsername,
  findRegistration,
  listActiveRegistrations,
  recordRegistrationOutcome,
  type RegistrationOutcome,
  type SipRegistrationRow,
} from './sip-registration.repo';
import { registrationFailure } from './sip-registration-errors';

export interface SipRegistrarDeps {
  db: Db;
  logger: FastifyBaseLogger;
  secrets: SecretBox;
  /** The endpoint REGISTERs go out from (and the PBX sends calls to); null when this server runs none. */
  endpoint: () => SipEndpoint | null;
  /** Seconds asked for in each REGISTER (the PBX may grant less): 3600. */
  expiresSeconds?: number;
}

/** One account's binding: the Call-ID and From tag stay for the binding's life; the CSeq climbs (RFC 3261 §10.2). */
interface Binding {
  row: SipRegistrationRow;
  callId: string;
  fromTag: string;
  cseq: number;
  challenge: { header: 'authorization' | 'proxy-authorization'; value: DigestChallenge; uses: number } | null;
  timer: NodeJS.Timeout | null;
  failures: number;
  expires: number;
  /** This attempt already answered a challenge: another one (not marked stale) means the credentials are wrong. */
  retried: boolean;
}

/** When to refresh a binding granted for `seconds`: halfway for short ones, else 10 % (at most 60 s) early. */
export const refreshAfterSeconds = (seconds: number): number =>
  seconds <= 120 ? Math.max(1, seconds / 2) : seconds - Math.min(60, seconds / 10);

/** How long to wait before trying again after `failures` failures in a row: 30 s doubling, at most 10 min. */
const retryAfterMs = (failures: number) => Math.min(600_000, 30_000 * 2 ** Math.max(0, failures - 1));

/**
 * Keeps each account's registration to its phone system alive (RFC 3261 §10): REGISTER from the SIP endpoint,
 * digest authentication when challenged (401/407), the granted expiry read from the 200 and refreshed before it
 * lapses, failures recorded in plain words and retried with backoff, and REGISTER with Expires: 0 when removed.
 */
export class SipRegistrar extends EventEmitter<{
  /** An attempt's outcome was stored: the account and the registration as it now stands. */
  recorded: [accountId: number, row: SipRegistrationRow];
}> {
  private readonly bindings = new Map<number, Binding>();
  private closed = false;

  constructor(private readonly deps: SipRegistrarDeps) {
    super();
  }

  /** Registers every stored registration (at start). */
  async start(): Promise<void> {
    for (const row of await listActiveRegistrations(this.deps.db)) this.track(row);
  }

  /** The account's registration was made or changed: register it now with its new details. */
  async apply(accountId: number): Promise<void> {
    const row = await findRegistration(this.deps.db, accountId);
    if (row) this.track(row);
  }

  /** The registration was removed: stop refreshing and tell the PBX the binding is gone. */
  remove(row: SipRegistrationRow): void {
    const binding = this.bindings.get(row.accountId);
    this.bindings.delete(row.accountId);
    if (!binding) return;
    if (binding.timer) clearTimeout(binding.timer);
    if (binding.row.state === 'registered') this.send(binding, 0, () => undefined);
  }

  close(): void {
    this.closed = true;
    for (const binding of this.bindings.values()) if (binding.timer) clearTimeout(binding.timer);
    this.bindings.clear();
  }

  private track(row: SipRegistrationRow): void {
    const existing = this.bindings.get(row.accountId);
    if (existing?.timer) clearTimeout(existing.timer);
    const binding: Binding = {
      row,
      callId: existing?.callId ?? `${randomBytes(12).toString('hex')}@switchboard`,
      fromTag: randomBytes(6).toString('hex'),
      cseq: existing?.cseq ?? 0,
      challenge: null,
      timer: null,
      failures: 0,
      expires: this.deps.expiresSeconds ?? 3600,
      retried: false,
    };
    this.bindings.set(row.accountId, binding);
    this.attempt(binding);
  }

  private schedule(binding: Binding, ms: number): void {
    if (this.closed || this.bindings.get(binding.row.accountId) !== binding) return;
    binding.timer = setTimeout(() => {
      binding.retried = false;
      this.attempt(binding);
    }, ms);
    binding.timer.unref();
  }

  private attempt(binding: Binding): void {
    binding.timer = null;
    if (this.closed || this.bindings.get(binding.row.accountId) !== binding) return;
    void this.record(binding, { lastAttemptAt: new Date() });
    const sent = this.send(binding, binding.expires, (response) => this.answered(binding, response));
    if (!sent) {
      void this.record(binding, {
        state: 'failed',
        lastError:
          'This server runs no SIP endpoint (SIP_PORT is off, or its port was taken), so it cannot register.',
      });
    }
  }

  private answered(binding: Binding, response: SipMessage): void {
    const status = response.status ?? 0;
    if (status < 200 || this.bindings.get(binding.row.accountId) !== binding) return;
    if (status >= 200 && status < 300) {
      binding.failures = 0;
      binding.retried = false;
      const granted = grantedSeconds(response, binding.expires);
      const now = Date.now();
      void this.record(binding, {
        state: 'registered',
        lastError: null,
        registeredAt: new Date(now),
        expiresAt: new Date(now + granted * 1000),
      });
      this.schedule(binding, refreshAfterSeconds(granted) * 1000);
      return;
    }
    if (status === 401 || status === 407) {
      const header = status === 401 ? 'www-authenticate' : 'proxy-authenticate';
      const offered = response.headers[header];
      const challenge = readChallenge(Array.isArray(offered) ? offered[0] : offered);
      const answeredBefore = binding.retried && !challenge?.stale;
      if (challenge && canAnswer(challenge) && !answeredBefore) {
        binding.retried = true;
        binding.challenge = {
          header: status === 401 ? 'authorization' : 'proxy-authorization',
          value: challenge,
          uses: 0,
        };
        this.attempt(binding);
        return;
      }
      binding.challenge = null;
      this.failed(binding, registrationFailure(response, binding.row, { challenge, answeredBefore }));
      return;
    }
    if (status === 423) {
      const minimum = Number(response.headers['min-expires']);
      if (Number.isInteger(minimum) && minimum > binding.expires && minimum <= 86_400) {
        binding.expires = minimum;
        this.attempt(binding);
        return;
      }
    }
    this.failed(
      binding,
      registrationFailure(response, binding.row, { challenge: null, answeredBefore: false }),
    );
  }

  private failed(binding: Binding, why: string): void {
    binding.failures += 1;
    this.deps.logger.info({ accountId: binding.row.accountId, why }, 'a SIP registration failed');
    void this.record(binding, { state: 'failed', lastError: why, expiresAt: null });
    this.schedule(binding, retryAfterMs(binding.failures));
  }

  /** One REGISTER of the binding, with the answer to the last challenge when there was one. */
  private send(binding: Binding, expires: number, onResponse: (response: SipMessage) => void): boolean {
    const endpoint = this.deps.endpoint();
    if (!endpoint) return false;
    const { row } = binding;
    const target = { host: row.proxy ?? row.sipRealm, port: row.port, transport: row.transport };
    void this.request(binding, endpoint, expires).then(
      (request) => {
        if (!endpoint.sendRequest(request, target, row.accountId, onResponse)) {
          onResponse({ status: 503, reason: 'Not Sent', headers: {} });
        }
      },
      (error: unknown) => this.deps.logger.warn({ err: error }, 'a REGISTER could not be made'),
    );
    return true;
  }

  private async request(binding: Binding, endpoint: SipEndpoint, expires: number): Promise<SipMessage> {
    const { row } = binding;
    const transport = row.transport === 'tcp' ? ';transport=tcp' : '';
    const uri = row.proxy ? `sip:${row.sipRealm}` : `sip:${row.sipRealm}:${row.port}${transport}`;
    const contact = endpoint.contactAddress;
    const user = (await accountUsername(this.deps.db, row.accountId)) ?? row.username;
    binding.cseq += 1;
    const headers: SipMessage['headers'] = {
      to: { uri: row.aor, params: {} },
      from: { uri: row.aor, params: { tag: binding.fromTag } },
      'call-id': binding.callId,
      cseq: { method: 'REGISTER', seq: binding.cseq },
      contact: [{ uri: `sip:${user}@${contact.host}:${contact.port}${transport}`, params: {} }],
      expires,
      'max-forwards': 70,
      'user-agent': 'Switchboard',
      'content-length': 0,
    };
    const challenge = binding.challenge;
    if (challenge) {
      challenge.uses += 1;
      const credentials = { username: row.authUsername, password: this.deps.secrets.open(row.password) };
      headers[challenge.header] = [
        answerChallenge(challenge.value, credentials, { method: 'REGISTER', uri }, challenge.uses),
      ];
    }
    return { method: 'REGISTER', uri, headers };
  }

  private async record(binding: Binding, outcome: RegistrationOutcome): Promise<void> {
    Object.assign(binding.row, outcome);
    await recordRegistrationOutcome(this.deps.db, binding.row.id, binding.row.updatedAt, outcome).then(
      () => this.emit('recorded', binding.row.accountId, { ...binding.row }),
      (error: unknown) => this.deps.logger.warn({ err: error }, 'a SIP registration state was not stored'),
    );
  }
}

/** The seconds the registrar granted: our Contact's expires parameter, else the Expires header, else asked. */
function grantedSeconds(response: SipMessage, asked: number): number {
  const contacts = Array.isArray(response.headers.contact) ? response.headers.contact : [];
  const fromContact = Number(contacts[0]?.params.expires);
  if (Number.isFinite(fromContact) && fromContact > 0) return fromContact;
  const fromHeader = Number(response.headers.expires);
  if (Number.isFinite(fromHeader) && fromHeader > 0) return fromHeader;
  return asked;
}

import type { FastifyReply } from 'fastify';
import type { SipRegistrationView } from '@switchboard/contract';
import { sip } from '../../providers/telephony/sip/sip-stack';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SecretBox } from '../../platform/secret-box';
import type { SipRegistrar } from './sip-registrar';
import {
  aorTakenByAnother,
  deleteRegistration,
  findRegistration,
  upsertRegistration,
  type SipRegistrationRow,
} from './sip-registration.repo';

export interface RegistrationDeps {
  db: Db;
  secrets: SecretBox;
  registrar: SipRegistrar;
}

export interface RegistrationInput {
  aor?: string | undefined;
  username: string;
  authUsername?: string | undefined;
  password: string;
  sipRealm: string;
  proxy?: string | undefined;
  port: number;
  transport: 'udp' | 'tcp';
}

function requireAccount(accountId: number | null): number {
  if (accountId === null) throw new AppError('UNAUTHENTICATED', 'No auth token provided');
  return accountId;
}

const millis = (date: Date | null) => (date ? date.getTime() : null);

export const registrationView = (row: SipRegistrationRow): SipRegistrationView => ({
  aor: row.aor,
  username: row.username,
  authUsername: row.authUsername,
  sipRealm: row.sipRealm,
  proxy: row.proxy,
  port: row.port,
  transport: row.transport,
  state: row.state as SipRegistrationView['state'],
  lastError: row.lastError,
  lastAttemptAt: millis(row.lastAttemptAt),
  registeredAt: millis(row.registeredAt),
  expiresAt: millis(row.expiresAt),
});

/** The AOR in normal form (`sip:user@host[:port]`), defaulting to `sip:<username>@<sipRealm>`. */
export function normalAor(input: RegistrationInput): string {
  const given = input.aor?.trim() ?? '';
  const text = given === '' ? `sip:${input.username}@${input.sipRealm}` : given;
  const withScheme = /^sips?:/i.test(text) ? text : `sip:${text}`;
  if (/^sips:/i.test(withScheme)) {
    throw new AppError('VALIDATION_FAILED', 'body.aor: sips: needs TLS, which is not offered yet; use sip:');
  }
  const uri = /^sip:[^\s<>"]+$/i.test(withScheme) ? sip.parseUri(withScheme) : undefined;
  if (!uri?.user || !uri.host || !/^[A-Za-z0-9.\-[\]:]+$/.test(uri.host)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'body.aor: must be an address of record like sip:1001@pbx.example.com',
    );
  }
  return `sip:${uri.user}@${uri.host.toLowerCase()}${uri.port ? `:${uri.port}` : ''}`;
}

export async function getRegistration(db: Db, accountId: number | null) {
  const row = await findRegistration(db, requireAccount(accountId));
  if (!row) throw new AppError('NOT_FOUND', 'This account has no SIP registration');
  return { success: true as const, message: 'Success', registration: registrationView(row) };
}

/** Stores the registration (password sealed), answers 201 or 200, and starts registering it at once. */
export async function saveRegistration(
  deps: RegistrationDeps,
  accountId: number | null,
  input: RegistrationInput,
  reply: FastifyReply,
) {
  const account = requireAccount(accountId);
  const aor = normalAor(input);
  if (await aorTakenByAnother(deps.db, account, aor)) {
    throw new AppError('CONFLICT', `${aor} is already registered by another account`);
  }
  const { row, created } = await upsertRegistration(deps.db, account, {
    aor,
    username: input.username,
    authUsername: input.authUsername ?? input.username,
    password: deps.secrets.seal(input.password),
    sipRealm: input.sipRealm.toLowerCase(),
    proxy: input.proxy?.toLowerCase() ?? null,
    port: input.port,
    transport: input.transport,
  }).catch((error: unknown) => {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', `${aor} is already registered by another account`);
    throw error;
  });
  await deps.registrar.apply(account);
  if (created) reply.code(201);
  return {
    success: true as const,
    message: created ? 'Registration created successfully' : 'Registration updated successfully',
    registration: registrationView(row),
  };
}

export async function removeRegistration(deps: RegistrationDeps, accountId: number | null) {
  const row = await deleteRegistration(deps.db, requireAccount(accountId));
  if (!row) throw new AppError('NOT_FOUND', 'This account has no SIP registration');
  deps.registrar.remove(row);
  return { success: true as const, message: 'Registration deleted successfully' };
}

function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}

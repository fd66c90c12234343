import type { FastifyRequest } from 'fastify';
import type { ApiTokenType, CallerRole } from '@switchboard/contract';
import type { Permissions } from '@switchboard/core';

/** Who is calling: resolved from the session token (or a super admin's adminToken) before the handler runs. */
export interface Actor {
  /** The signed-in person (or account) the token belongs to. */
  userId: number;
  /** The account the token signs in to; calls act for it unless they name a targetAccountId. */
  accountId: number;
  superAdmin: boolean;
  /**
   * Set when the caller is an API token: `accountId` is then the token's account, calls reach only it and the
   * accounts below it, and the role and flags are its maker's (home account `makerAccountId`), so a token never
   * does more than the person who made it.
   */
  apiToken?: { id: number; type: ApiTokenType; makerAccountId: number };
}

export interface Credentials {
  token?: string | undefined;
  adminToken?: string | undefined;
}

/**
 * The seam between the HTTP layer and the accounts area: how a token becomes an Actor, and whether an actor may act
 * for an account (its own, a descendant, one it is a member of; any for a super admin).
 */
export interface Authenticator {
  authenticate(credentials: Credentials, request: FastifyRequest): Promise<Actor | null>;
  canActFor(actor: Actor, accountId: number): Promise<boolean>;
  /** The caller's role (from their home account) and permission flags on the account a call acts for. */
  accessOf(actor: Actor, accountId: number): Promise<{ role: CallerRole; permissions: Permissions }>;
}

/**
 * Resolves a tenant-owned record id to the account that owns it, or null when there is no such record. A record
 * reachable from several accounts (a person who is a member of many) answers for the account the call acts for
 * when it belongs there.
 */
export type OwnerResolver = (
  id: string | number,
  context: { actingAccountId: number },
) => Promise<number | null>;

/** Takes the session token from the query (spec) or an `Authorization: Bearer` header. */
export function readCredentials(request: FastifyRequest): Credentials {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const header = request.headers.authorization;
  const bearer =
    typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '') : undefined;
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
  return { token: text(query.token) ?? bearer, adminToken: text(query.adminToken) };
}

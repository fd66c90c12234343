import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PermissionKey } from '@switchboard/core';
import {
  apiTokenAllows,
  sessionQuery,
  type CallerRole,
  type Endpoint,
  type Permission,
  type OwnedKind,
  type ParsedRequest,
  type ResponseOf,
} from '@switchboard/contract';
import { AppError } from '../platform/app-error';
import { readCredentials, type Actor, type Authenticator, type OwnerResolver } from './authenticator';
import { parsePart, type RequestPart } from './validation';

export interface RequestContext {
  /** The caller, when a valid token came with the request (always set on session and superAdmin routes). */
  actor: Actor | null;
  /** The account the call acts for: targetAccountId when given (and allowed), else the actor's own account. */
  accountId: number | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<E extends Endpoint> = (
  input: ParsedRequest<E> & { ctx: RequestContext },
) => Promise<ResponseOf<E>>;

export type EndpointHandlers<M extends Record<string, Endpoint>> = { [K in keyof M]: EndpointHandler<M[K]> };

export interface EndpointRegistry {
  authenticator: Authenticator;
  ownerResolvers: ReadonlyMap<OwnedKind, OwnerResolver>;
  /** Check every answer against its declared schema (on in development and tests). */
  checkResponses: boolean;
  /** Writes a change a super admin made to the audit trail, once it succeeded (before the answer is sent). */
  auditSuperAdmin?: (action: SuperAdminAudit) => Promise<void>;
}

export interface SuperAdminAudit {
  actorUserId: number;
  endpoint: Endpoint;
  targetAccountId: number | undefined;
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: Record<string, unknown> | undefined;
  result: unknown;
}

async function checkOwnership(
  registry: EndpointRegistry,
  actor: Actor | null,
  kind: OwnedKind,
  id: string | number,
  field: string,
  actingAccountId: number | null = null,
): Promise<void> {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to use this call');
  if (kind === 'account') {
    if (!(await registry.authenticator.canActFor(actor, Number(id)))) {
      throw new AppError('FORBIDDEN', `You cannot act for account ${String(id)}`);
    }
    return;
  }
  const resolve = registry.ownerResolvers.get(kind);
  if (!resolve) throw new Error(`No owner resolver for "${kind}" (${field})`);
  const owner = await resolve(id, { actingAccountId: actingAccountId ?? actor.accountId });
  // A record of another tenant looks exactly like a missing one.
  if (owner === null || !(await registry.authenticator.canActFor(actor, owner))) {
    // Named by the field, never by the value sent (which may be anything, at any length).
    const what = kind.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
    throw new AppError('NOT_FOUND', `No ${what} matches ${field}`);
  }
}

const roleWords: Record<CallerRole, string> = {
  partner: 'partners',
  reseller: 'resellers',
  organization: 'organizations',
  agent: 'agent accounts',
};

const flagWords: Record<PermissionKey, string> = {
  canViewOrg: 'view this account',
  canEditOrg: 'edit this account',
  canManageUsers: 'manage the admin users of this account',
  canInviteUsers: 'invite admin users to this account',
  canManageBilling: 'manage the billing of this account',
  canDeleteOrg: 'delete here',
  canViewBilling: 'view the billing of this account',
};

/** The declared permission of a call: a 403 that says what is missing, and carries it as `requires`. */
async function checkPermission(
  registry: EndpointRegistry,
  actor: Actor,
  permission: Permission,
  accountId: number,
): Promise<void> {
  if (actor.superAdmin) return;
  const { role, permissions } = await registry.authenticator.accessOf(actor, accountId);
  if (permission.roles && !permission.roles.includes(role)) {
    const allowed = permission.roles.map((name) => roleWords[name]);
    throw new AppError(
      'FORBIDDEN',
      `Only ${allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} and ${allowed.at(-1) ?? ''}` : (allowed[0] ?? '')} can make this call`,
      { requires: { roles: permission.roles } },
    );
  }
  if (permission.flag && !permissions[permission.flag]) {
    throw new AppError('FORBIDDEN', `You do not have permission to ${flagWords[permission.flag]}`, {
      requires: { flag: permission.flag },
    });
  }
}

/** A credential sent where none is read (X-API-Key, `Authorization: Token …`, a bare Authorization value). */
function misplacedToken(request: FastifyRequest): boolean {
  const { authorization } = request.headers;
  return (
    request.headers['x-api-key'] !== undefined ||
    (typeof authorization === 'string' && authorization.trim() !== '' && !/^Bearer\s+\S/i.test(authorization))
  );
}

/**
 * Registers a handler against its contract declaration: authenticate, validate params/query/body, check every
 * tenant-owned id against the caller, run the handler, and (in development and tests) check the answer's shape.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  registry: EndpointRegistry,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  const needsSession = endpoint.guard !== 'public';
  // Signed-in calls all accept token, adminToken and targetAccountId beside their own query fields.
  const querySchema = needsSession
    ? endpoint.query
      ? sessionQuery.and(endpoint.query)
      : sessionQuery
    : endpoint.query;
  const owned: [RequestPart, string, OwnedKind][] = Object.entries(endpoint.owned ?? {}).flatMap(
    ([part, names]) =>
      Object.entries(names as Record<string, OwnedKind>).map(
        ([name, kind]) => [part as RequestPart, name, kind] as [RequestPart, string, OwnedKind],
      ),
  );
  for (const [, field, kind] of owned) {
    if (kind !== 'account' && !registry.ownerResolvers.has(kind)) {
      throw new Error(
        `${endpoint.method} ${endpoint.path}: no owner resolver registered for "${kind}" (${field})`,
      );
    }
  }

  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const credentials = readCredentials(request);
      const actor =
        credentials.token || credentials.adminToken
          ? await registry.authenticator.authenticate(credentials, request)
          : null;
      if (needsSession && !actor) {
        throw new AppError(
          'UNAUTHENTICATED',
          credentials.token || credentials.adminToken
            ? 'The session token is invalid or expired'
            : misplacedToken(request)
              ? 'Send the token as "Authorization: Bearer <token>" (or ?token=): no other header is read'
              : 'No auth token provided',
        );
      }
      if (actor?.apiToken && !apiTokenAllows(actor.apiToken.type, endpoint)) {
        throw new AppError(
          'FORBIDDEN',
          'This API token is read-only: it cannot make calls that change data',
          {
            requires: { tokenType: 'admin' },
          },
        );
      }
      if (endpoint.guard === 'superAdmin' && !actor?.superAdmin) {
        throw new AppError('FORBIDDEN', 'Only a super admin can make this call');
      }

      const parsed = {
        params: endpoint.params ? parsePart(endpoint.params, request.params, 'params') : undefined,
        query: querySchema ? parsePart(querySchema, request.query ?? {}, 'query') : undefined,
        body: endpoint.body ? parsePart(endpoint.body, request.body, 'body') : undefined,
      } as Record<RequestPart, Record<string, unknown> | undefined>;

      const targetAccountId = parsed.query?.targetAccountId as number | undefined;
      if (needsSession && targetAccountId !== undefined) {
        await checkOwnership(registry, actor, 'account', targetAccountId, 'query.targetAccountId');
      }
      // Before any owned id is looked up: a caller the call is not for learns nothing about the ids it sent.
      const actingAccountId = targetAccountId ?? actor?.accountId ?? null;
      if (endpoint.permission && actor && actingAccountId !== null) {
        await checkPermission(registry, actor, endpoint.permission, actingAccountId);
      }
      for (const [part, field, kind] of owned) {
        const value = parsed[part]?.[field];
        if (value === undefined || value === null) continue;
        for (const id of Array.isArray(value) ? value : [value]) {
          await checkOwnership(
            registry,
            actor,
            kind,
            id as string | number,
            `${part}.${field}`,
            targetAccountId ?? null,
          );
        }
      }

      const ctx: RequestContext = {
        actor,
        accountId: targetAccountId ?? actor?.accountId ?? null,
        request,
        reply,
      };
      const result = await handler({ ...(parsed as unknown as ParsedRequest<E>), ctx });
      // Every change a super admin makes is on the trail; reads are not.
      if (actor?.superAdmin && endpoint.method !== 'GET' && registry.auditSuperAdmin) {
        await registry.auditSuperAdmin({
          actorUserId: actor.userId,
          endpoint,
          targetAccountId,
          params: parsed.params,
          query: parsed.query,
          body: parsed.body,
          result,
        });
      }
      // A handler that streamed its own answer (a file download) has already replied.
      if (reply.sent) return reply;
      if (registry.checkResponses) {
        const check = endpoint.response.safeParse(result);
        if (!check.success) {
          request.log.error({ issues: check.error.issues }, 'response does not match its contract');
          throw new Error(`Response of ${endpoint.method} ${endpoint.path} does not match its contract`);
        }
      }
      // A handler may pick another status (health answers 503 when degraded); otherwise the declared one.
      if (reply.statusCode === 200) reply.code(endpoint.successStatus ?? 200);
      return reply.send(result);
    },
  });
}

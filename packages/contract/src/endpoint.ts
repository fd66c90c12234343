import type { z } from 'zod';
import type { PermissionKey } from '@switchboard/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call an endpoint: anyone, a signed-in session, or a super admin. */
export type Guard = 'public' | 'session' | 'superAdmin';

/**
 * What a signed-in caller is, read from their home account (spec part 1 §6): a partner, a reseller, an
 * organization member, or an agent account signed in itself. Super admins pass every role check.
 */
export const callerRoles = ['partner', 'reseller', 'organization', 'agent'] as const;
export type CallerRole = (typeof callerRoles)[number];

/**
 * What a signed-in call needs beyond a session, checked before the handler runs: the caller's role, and a
 * permission flag the caller holds on the account the call acts for (targetAccountId, else their own).
 */
export interface Permission {
  /** The roles that may make the call; every role when absent. */
  roles?: readonly CallerRole[];
  /** The flag (spec part 1 §6) the caller must hold on the acting account. */
  flag?: PermissionKey;
}

/**
 * What a tenant-owned id names. `account` ids are checked against the tenant tree directly; every other kind is
 * resolved to its owning account by the feature that owns the record, then checked the same way.
 */
export type OwnedKind = 'account' | (string & {});

type Keys<S> = S extends z.ZodType ? keyof z.input<S> & string : never;

export interface EndpointConfig<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  /** The area that owns it: the same name as the feature folders on web and server. */
  area: string;
  method: HttpMethod;
  /** Fastify-style path, `:name` for parameters. */
  path: string;
  summary: string;
  description?: string;
  guard: Guard;
  /** For session calls: the roles and permission flag the call needs (none: any signed-in caller). */
  permission?: Permission;
  /**
   * What the call does as far as API tokens are concerned: `read` calls are open to read-only tokens. GETs are
   * `read` and everything else `write` unless declared (developer.ts, apiTokenAllows).
   */
  apiToken?: 'read' | 'write';
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** The status of a successful answer (200 unless a create says 201). */
  successStatus?: 200 | 201;
  /** `json` unless the endpoint streams a file (CSV, media). */
  produces?: 'json' | 'file';
  /** Ids in the request that belong to a tenant and must be checked before the handler runs. */
  owned?: {
    params?: Partial<Record<Keys<Params>, OwnedKind>>;
    query?: Partial<Record<Keys<Query>, OwnedKind>>;
    body?: Partial<Record<Keys<Body>, OwnedKind>>;
  };
}

export type Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> = Readonly<EndpointConfig<Params, Query, Body, Response>>;

/** Declares an endpoint once; the server, the OpenAPI document and the web client all read this object. */
export function defineEndpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(config: EndpointConfig<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return Object.freeze(config);
}

// Declared parts are optional properties, so strip the `undefined` their type carries before reading the schema.
type InputOf<S> = [NonNullable<S>] extends [z.ZodType] ? z.input<NonNullable<S>> : undefined;
type OutputOf<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

/** What a caller sends (before parsing). */
export interface RequestInput<E extends Endpoint> {
  params: InputOf<E['params']>;
  query: InputOf<E['query']>;
  body: InputOf<E['body']>;
}

/** What a handler receives (after parsing). */
export interface ParsedRequest<E extends Endpoint> {
  params: OutputOf<E['params']>;
  query: OutputOf<E['query']>;
  body: OutputOf<E['body']>;
}

export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/** Fills `:name` placeholders; names are URI-encoded. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(value);
  });
}

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody, queryBool } from './fields';

/**
 * Apps give agents functions that reach other systems over HTTP. An app is a definition (its functions, each an
 * HTTP request described by a template, and the credentials it depends on) plus, per organization, an install
 * holding the credential values (`appData`). Built-in apps come from the catalogue; an organization may also
 * describe its own. Agents list apps by appId and version and enable their functions in `enabledFunctions`.
 */

const appIdPattern = /^[A-Za-z][A-Za-z0-9_-]{1,39}$/;
const versionPattern = /^v\d{1,3}$/;
const functionNamePattern = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export const appIdField = z
  .string()
  .trim()
  .regex(appIdPattern, 'must start with a letter and use letters, digits, - or _ (2 to 40 characters)');
export const appVersionField = z.string().trim().regex(versionPattern, 'must look like v1');

export const appParameterSchema = z.object({
  type: z.enum(['string', 'number', 'integer', 'boolean']),
  description: z.string().trim().max(500).default(''),
  enum: z.array(z.string().max(100)).max(50).optional(),
  format: z.enum(['date', 'time', 'date-time', 'email', 'phone']).optional(),
});

export const appFunctionParametersSchema = z.object({
  type: z.literal('object').default('object'),
  properties: z
    .record(
      z.string().regex(functionNamePattern, 'parameter names use letters, digits and _'),
      appParameterSchema,
    )
    .default({}),
  required: z.array(z.string()).default([]),
});

/**
 * The HTTP request a function makes. `url`, `headers`, `query` values and the string leaves of `body` are
 * templates: `{{args.x}}` (the model's argument), `{{auth.x}}` (a credential of the install), `{{conversation.x}}`
 * (uuid, channel, contactPhone, agentName). A body leaf that is exactly one placeholder keeps the value's type.
 */
export const appRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  url: z.string().trim().min(1, 'is required').max(2000),
  headers: z
    .record(
      z.string().regex(/^[A-Za-z0-9-]{1,100}$/, 'header names use letters, digits and -'),
      z.string().max(2000),
    )
    .default({}),
  query: z.record(z.string().max(100), z.string().max(2000)).default({}),
  /** JSON sent as the body; with `null` and a POST/PUT/PATCH the arguments themselves are sent. */
  body: z.unknown().optional(),
});

export const appFunctionSchema = z
  .object({
    name: z
      .string()
      .trim()
      .regex(functionNamePattern, 'must start with a letter and use letters, digits and _'),
    title: z.string().trim().min(1, 'is required').max(80),
    /** What the model reads to decide when to call it. */
    description: z.string().trim().min(1, 'is required').max(1000),
    parameters: appFunctionParametersSchema.default({ type: 'object', properties: {}, required: [] }),
    /** Things a caller might say that call for it (the offline Sandbox model recognises them). */
    examples: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
    request: appRequestSchema,
    /**
     * What the agent says with the result: `{{response.a.b}}` reads the JSON answer (`{{response.items.0.name}}`),
     * `{{args.x}}` the arguments. Without it the model words the answer from the data.
     */
    messages: z
      .object({
        complete: z.string().trim().max(1000).optional(),
        failed: z.string().trim().max(1000).optional(),
      })
      .default({}),
  })
  .superRefine((fn, ctx) => {
    for (const name of fn.parameters.required) {
      if (!(name in fn.parameters.properties)) {
        ctx.addIssue({
          code: 'custom',
          path: ['parameters', 'required'],
          message: `names no parameter "${name}"`,
        });
      }
    }
  });

/** One credential or setting the app needs, filled per install; secrets are never sent back. */
export const appAuthPropertySchema = z.object({
  type: z.literal('string').default('string'),
  title: z.string().trim().max(80).default(''),
  description: z.string().trim().max(500).default(''),
  secret: z.boolean().default(false),
  required: z.boolean().default(true),
  placeholder: z.string().max(200).optional(),
  /** The install's value: empty when not set; a secret's value is always answered empty (see `configured`). */
  value: z.string().max(4000).default(''),
  /** Read-only: a value is stored (secrets are answered empty, so this tells whether one exists). */
  configured: z.boolean().optional(),
});

export const appDependenciesSchema = z.object({
  providers: z
    .object({
      auth: z
        .record(
          z.string().max(60),
          z.object({
            title: z.string().max(80).default(''),
            parameters: z.object({
              type: z.literal('object').default('object'),
              properties: z.record(
                z.string().regex(functionNamePattern, 'credential names use letters, digits and _'),
                appAuthPropertySchema,
              ),
            }),
          }),
        )
        .default({}),
    })
    .default({ auth: {} }),
});

export const appAccountTypes = ['organization'] as const;

export const appDefinitionSchema = z.object({
  appId: appIdField,
  appVersion: appVersionField,
  name: z.string().trim().min(1, 'is required').max(80),
  description: z.string().trim().max(1000).default(''),
  category: z.string().trim().max(40).default('Custom'),
  /** Where a person reads about the service. */
  website: z.string().trim().max(500).default(''),
  dependencies: appDependenciesSchema.default({ providers: { auth: {} } }),
  functions: z.array(appFunctionSchema).min(1, 'needs at least one function').max(30),
  /** A read-only request that proves the credentials work (run on save with `reload`). */
  check: appRequestSchema.optional(),
});

export type AppDefinition = z.infer<typeof appDefinitionSchema>;
export type AppDefinitionInput = z.input<typeof appDefinitionSchema>;
export type AppFunction = z.infer<typeof appFunctionSchema>;
export type AppRequest = z.infer<typeof appRequestSchema>;

export const appViewSchema = appDefinitionSchema.extend({
  /** Built-in apps come from the catalogue and only their credentials can be changed. */
  builtIn: z.boolean(),
  /** Which account types install it. */
  accountType: z.enum(appAccountTypes),
  installed: z.boolean(),
  /** Every required credential has a value. */
  setupComplete: z.boolean(),
  installedAt: z.string().nullable(),
  /** Agents of the organization that list this app. */
  usedByAgents: z.number().int(),
});

export type AppView = z.infer<typeof appViewSchema>;

const appParams = z.object({ appId: appIdField, appVersion: appVersionField });

/** The app as the client sends it back: the definition (custom apps) or only the credential values (built-in). */
const appBody = z.object({
  app: z
    .object({
      name: z.string().optional(),
      description: z.string().optional(),
      category: z.string().optional(),
      website: z.string().optional(),
      dependencies: z.unknown().optional(),
      functions: z.unknown().optional(),
    })
    .loose(),
  /** Run the app's connection check after saving. */
  reload: z.boolean().default(false),
});

export const connectionCheckSchema = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  message: z.string(),
});

const integrationParams = z.object({ slug: appIdField });
const integrationQuery = z.object({ version: appVersionField.default('v1') });
const integrationAnswer = okBody({
  message: z.string(),
  appId: z.string(),
  appVersion: z.string(),
  /** Credential values; secrets answered as empty strings. */
  appData: z.record(z.string(), z.string()),
});

export const appsEndpoints = {
  listApps: defineEndpoint({
    area: 'apps',
    method: 'GET',
    path: '/api/v2/apps',
    summary: "The catalogue and the organization's own apps, with what is installed",
    description: 'For an agent account, the apps of its organization.',
    guard: 'session',
    query: z.object({ installed: queryBool().optional() }),
    response: okBody({ apps: z.array(appViewSchema) }),
  }),
  getApp: defineEndpoint({
    area: 'apps',
    method: 'GET',
    path: '/api/v2/apps/:appId/:appVersion',
    summary: 'One app with its functions and credential fields (secret values are never answered)',
    guard: 'session',
    params: appParams,
    response: okBody({ app: appViewSchema }),
  }),
  installApp: defineEndpoint({
    area: 'apps',
    method: 'POST',
    path: '/api/v2/apps/:appId/:appVersion',
    summary: 'Install an app on the organization (a new appId defines a custom app from the body)',
    description:
      'Credential values travel in app.dependencies.providers.auth[name].parameters.properties[key].value. Only organizations install apps.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: appParams,
    body: appBody,
    successStatus: 201,
    response: okBody({ message: z.string(), app: appViewSchema, check: connectionCheckSchema.nullable() }),
  }),
  updateApp: defineEndpoint({
    area: 'apps',
    method: 'PUT',
    path: '/api/v2/apps/:appId/:appVersion',
    summary: "Change an installed app's credentials (and a custom app's definition)",
    description: 'A secret sent empty keeps its stored value.',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: appParams,
    body: appBody,
    response: okBody({ message: z.string(), app: appViewSchema, check: connectionCheckSchema.nullable() }),
  }),
  uninstallApp: defineEndpoint({
    area: 'apps',
    method: 'DELETE',
    path: '/api/v2/apps/:appId/:appVersion',
    summary: 'Uninstall an app: its credentials are deleted and agents stop offering its functions',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: appParams,
    response: okBody({ message: z.string() }),
  }),
  getIntegration: defineEndpoint({
    area: 'apps',
    method: 'GET',
    path: '/api/v2/integration/:slug',
    summary: 'The credential values of an installed app (secrets answered empty)',
    guard: 'session',
    params: integrationParams,
    query: integrationQuery,
    response: integrationAnswer,
  }),
  saveIntegration: defineEndpoint({
    area: 'apps',
    method: 'POST',
    path: '/api/v2/integration/:slug',
    summary: 'Set credential values of an installed app (keys it does not declare are refused)',
    guard: 'session',
    permission: { flag: 'canEditOrg' },
    params: integrationParams,
    query: integrationQuery,
    body: z.object({ appData: z.record(z.string(), z.string().max(4000)).optional() }),
    response: integrationAnswer,
  }),
} as const;

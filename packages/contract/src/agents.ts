import { z } from 'zod';
import { accountSummarySchema } from './accounts';
import { agentAppSchema, agentConfigSchema } from './agent-config';
import { defineEndpoint } from './endpoint';
import { idField, okBody, queryBool } from './fields';

type ConfigShape = typeof agentConfigSchema.shape;
type WithoutDefault<S> = S extends z.ZodDefault<infer Inner> ? Inner : S;

/**
 * A config as a client sends it: every field optional and without defaults, so an omitted field keeps its stored
 * value (arrays are replaced whole). Apps are loose here: one without appId and version adds nothing, a repeated
 * one is ignored (spec part 1 §5).
 */
export const agentConfigInputSchema = z.object({
  ...(Object.fromEntries(
    Object.entries(agentConfigSchema.shape).map(([key, field]) => [
      key,
      (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional(),
    ]),
  ) as { [K in keyof ConfigShape]: z.ZodOptional<WithoutDefault<ConfigShape[K]>> }),
  apps: z
    .array(
      agentAppSchema.extend({
        appId: z.string().trim().optional(),
        version: z.string().trim().optional(),
      }),
    )
    .optional(),
});

export type AgentConfigInput = z.input<typeof agentConfigInputSchema>;

const forceReplaceQuery = z.object({
  /** Super admins, resellers and partners see {{variables}} as written unless this is set. */
  forceReplaceTemplateVars: queryBool().optional(),
});

/** The campaign the studio edits (staging) with what is live. */
const campaignFields = {
  campaign: agentConfigSchema,
  /** Staging differs from production: there is something to publish. */
  unpublishedChanges: z.boolean(),
  /** When production was last written (ISO), null when never published. */
  publishedAt: z.string().nullable(),
};

export const agentFunctionViewSchema = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  placeholder: z.string(),
  hasSettings: z.boolean(),
  limit: z.number().int(),
  alwaysOn: z.boolean(),
  /** Whether the acting account may enable it now; `reason` says why not. */
  allowed: z.boolean(),
  reason: z.string().nullable(),
  missingRequirement: z.string().nullable(),
  parameters: z.record(z.string(), z.unknown()),
});

export const versionSourceSchema = z
  .enum(['staging', 'production', 'default'])
  .transform((value) => (value === 'default' ? 'production' : value));

export const agentVersionSchema = z.object({
  versionId: z.number().int(),
  title: z.string(),
  source: z.enum(['staging', 'production']),
  /** 'publish': written by a publish (what went live); 'saved': a snapshot someone saved by hand. */
  kind: z.enum(['saved', 'publish']),
  /** 1 for the agent's first publish, 2 for the next, …; null for saved snapshots. */
  publishNumber: z.number().int().nullable(),
  /** What the person publishing wrote about the change. */
  note: z.string().nullable(),
  /** Who saved or published it; null when the platform did. */
  createdBy: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  /** Creation time, epoch milliseconds. */
  timestamp: z.number().int(),
  updatedAt: z.string(),
  /** Only with includeData. */
  snapshot: agentConfigSchema.optional(),
});

const fieldKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'must start with a letter and use letters, digits or _');

/** One fact a template asks for; its key is the {{variable}} it fills. */
export const templateFieldSchema = z.object({
  key: fieldKey,
  label: z.string().trim().min(1, 'is required').max(120),
  type: z.enum(['text', 'textarea', 'phone', 'email', 'url', 'number']).default('text'),
  placeholder: z.string().max(500).default(''),
  example: z.string().max(2000).default(''),
  description: z.string().max(1000).default(''),
  required: z.boolean().default(false),
});

export type TemplateField = z.infer<typeof templateFieldSchema>;

export const agentTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  config: agentConfigSchema,
  fields: z.array(templateFieldSchema),
  /** Built in: owned by nobody, offered to everyone, not editable. */
  builtIn: z.boolean(),
  /** The reseller or partner that owns it; null when built in. */
  ownerAccountId: z.number().int().nullable(),
  /** Hidden from the accounts below its owner. */
  disabled: z.boolean(),
  /** The last save was a publish (not a draft). */
  published: z.boolean(),
  /** The caller may change or delete it. */
  editable: z.boolean(),
  /** Variables the config uses that no field fills. */
  unfilledVariables: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type AgentTemplate = z.infer<typeof agentTemplateSchema>;

const templateName = z.string().trim().min(1, 'is required').max(120);
const templateId = z.string().trim().min(1, 'is required').max(64);

export const agentsEndpoints = {
  listAgentFunctions: defineEndpoint({
    area: 'agents',
    method: 'GET',
    path: '/api/v2/agent/functions',
    summary: 'The built-in functions an agent can be given, with whether the acting account may use each',
    guard: 'session',
    response: okBody({ functions: z.array(agentFunctionViewSchema) }),
  }),
  getCampaign: defineEndpoint({
    area: 'agents',
    method: 'GET',
    path: '/api/v2/campaigns',
    summary: "The agent's staging campaign (targetAccountId = the agent account) with its revision",
    description:
      'An agent never saved answers the default config. Template variables are filled in, except for super admins, resellers and partners unless forceReplaceTemplateVars is set.',
    guard: 'session',
    query: forceReplaceQuery,
    response: okBody(campaignFields),
  }),
  saveCampaign: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/campaign',
    summary: "Save the agent's staging campaign (omitted fields keep their value; arrays are replaced whole)",
    description:
      'campaignId, revision, updatedAt and published are read-only. With a revision older than the stored one the answer is 409 CONFLICT carrying the current `campaign`; without a revision the save applies as is. ' +
      'An empty prompt is 400 "Please enter a prompt.". published: true saves and publishes in one call. A templateId different from the current one attaches that template: its config becomes the base under the fields sent.',
    guard: 'session',
    query: forceReplaceQuery,
    body: agentConfigInputSchema,
    owned: { body: { templateId: 'template' } },
    response: okBody({ message: z.string(), campaignId: z.string(), ...campaignFields }),
  }),
  publishAgent: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/agent/publish',
    summary: 'Publish: staging becomes production (live conversations use it from their next turn)',
    description:
      'Every publish is kept as the next numbered version ("Version N", kind publish) with who published it and the optional note.',
    guard: 'session',
    query: forceReplaceQuery,
    body: z
      .object({ note: z.string().trim().max(500, 'must be at most 500 characters').optional() })
      .optional()
      .meta({ examples: [{ note: 'Opening hours now include Saturdays' }] }),
    response: okBody({ message: z.string(), campaignId: z.string(), agent: agentConfigSchema }),
  }),
  revertAgent: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/agent/revert',
    summary: 'Discard the draft: staging becomes production again (the default config when never published)',
    guard: 'session',
    query: forceReplaceQuery,
    response: okBody({ message: z.string(), campaignId: z.string(), ...campaignFields }),
  }),
  getProductionAgent: defineEndpoint({
    area: 'agents',
    method: 'GET',
    path: '/api/v2/agentEventRules/default',
    summary: 'The live (production) config of the agent',
    guard: 'session',
    query: forceReplaceQuery,
    response: okBody({ agent: agentConfigSchema }),
  }),
  getStagingAgent: defineEndpoint({
    area: 'agents',
    method: 'GET',
    path: '/api/v2/agentEventRules/staging',
    summary: 'The staging (draft) config of the agent',
    guard: 'session',
    query: forceReplaceQuery,
    response: okBody({ agent: agentConfigSchema }),
  }),

  listAgentVersions: defineEndpoint({
    area: 'agents',
    method: 'GET',
    path: '/api/v2/agent/:id/versions',
    summary: 'Saved and published versions of an agent ({id} = the agent account), newest first',
    guard: 'session',
    params: z.object({ id: idField() }),
    query: z.object({ includeData: queryBool().default(false) }),
    owned: { params: { id: 'account' } },
    response: okBody({ versions: z.array(agentVersionSchema) }),
  }),
  createAgentVersion: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/agent/:id/versions',
    summary: 'Snapshot the staging (default) or production config as a named version',
    description: 'source "default" is production. A missing title becomes "Auto-<epoch ms>".',
    guard: 'session',
    params: z.object({ id: idField() }),
    body: z.object({
      title: z.string().trim().min(1, 'must not be blank').max(200).optional(),
      source: versionSourceSchema.default('staging'),
    }),
    owned: { params: { id: 'account' } },
    successStatus: 201,
    response: okBody({ message: z.string(), createdVersion: agentVersionSchema }),
  }),
  replaceAgentVersion: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/agent/:id/versions/:versionId',
    summary: "Replace a version's snapshot (staging and production are untouched)",
    guard: 'session',
    params: z.object({ id: idField(), versionId: idField() }),
    body: z.object({ snapshot: agentConfigInputSchema }),
    owned: { params: { id: 'account', versionId: 'agentVersion' } },
    response: okBody({ versionId: z.number().int(), version: agentVersionSchema }),
  }),
  restoreAgentVersion: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/agent/:id/versions/:versionId/restore',
    summary: 'Copy a version into staging (default) or production',
    guard: 'session',
    params: z.object({ id: idField(), versionId: idField() }),
    body: z.object({ target: versionSourceSchema.default('staging') }).optional(),
    owned: { params: { id: 'account', versionId: 'agentVersion' } },
    response: okBody({ target: z.enum(['staging', 'production']), restored: agentConfigSchema }),
  }),
  renameAgentVersion: defineEndpoint({
    area: 'agents',
    method: 'PUT',
    path: '/api/v2/agent/:id/versions/:versionId/title',
    summary: 'Rename a version',
    guard: 'session',
    params: z.object({ id: idField(), versionId: idField() }),
    body: z.object({ title: z.string().trim().min(1, 'is required').max(200) }),
    owned: { params: { id: 'account', versionId: 'agentVersion' } },
    response: okBody({ versionId: z.number().int(), newTitle: z.string() }),
  }),
  deleteAgentVersion: defineEndpoint({
    area: 'agents',
    method: 'DELETE',
    path: '/api/v2/agent/:id/versions/:versionId',
    summary: 'Delete a version',
    guard: 'session',
    params: z.object({ id: idField(), versionId: idField() }),
    owned: { params: { id: 'account', versionId: 'agentVersion' } },
    response: okBody({ message: z.string(), versionId: z.number().int() }),
  }),

  listTemplates: defineEndpoint({
    area: 'agents',
    method: 'GET',
    path: '/api/v2/templates',
    summary:
      'Templates offered to the acting account: the built-in ones and those of its reseller and partner (disabled ones only to who may edit them)',
    guard: 'session',
    response: okBody({ templates: z.array(agentTemplateSchema) }),
  }),
  getTemplate: defineEndpoint({
    area: 'agents',
    method: 'GET',
    path: '/api/v2/templates/:id',
    summary: 'One template with its config and fields',
    guard: 'session',
    params: z.object({ id: templateId }),
    owned: { params: { id: 'template' } },
    response: okBody({ template: agentTemplateSchema }),
  }),
  saveTemplate: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/templates/:id',
    summary: "Change a template (its owner's accounts only; built-in templates are read-only)",
    description:
      'config merges like a campaign save; fields replace the list. published: true is the editor publishing; false a draft.',
    guard: 'session',
    params: z.object({ id: templateId }),
    body: z.object({
      name: templateName.optional(),
      description: z.string().trim().max(2000).optional(),
      category: z.string().trim().max(60).optional(),
      config: agentConfigInputSchema.optional(),
      fields: z.array(templateFieldSchema).max(50).optional(),
      disabled: z.boolean().optional(),
      published: z.boolean().optional(),
    }),
    owned: { params: { id: 'template' } },
    response: okBody({ message: z.string(), template: agentTemplateSchema }),
  }),
  deleteTemplate: defineEndpoint({
    area: 'agents',
    method: 'DELETE',
    path: '/api/v2/templates/:id',
    summary: 'Delete a template; agents made from it keep their config',
    guard: 'session',
    params: z.object({ id: templateId }),
    owned: { params: { id: 'template' } },
    response: okBody({ message: z.string() }),
  }),
  createTemplate: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/templates/createTemplate',
    summary:
      'Create a template owned by the acting reseller or partner, empty, from a config, a copy of a template, or from an agent',
    description: 'A new template starts disabled: the accounts below see it once it is enabled.',
    guard: 'session',
    body: z.object({
      name: templateName,
      description: z.string().trim().max(2000).optional(),
      category: z.string().trim().max(60).optional(),
      config: agentConfigInputSchema.optional(),
      fields: z.array(templateFieldSchema).max(50).optional(),
      fromTemplateId: templateId.optional(),
      fromAgentAccountId: idField().optional(),
    }),
    owned: { body: { fromTemplateId: 'template', fromAgentAccountId: 'account' } },
    successStatus: 201,
    response: okBody({ message: z.string(), template: agentTemplateSchema }),
  }),
  detachAgentFromTemplate: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/detachAgentFromTemplate',
    summary:
      "Detach the agent from its template: its staging config keeps the template's text with the fields filled in",
    guard: 'session',
    query: forceReplaceQuery,
    body: z.object({ mode: z.literal('FULL_AGENT').default('FULL_AGENT') }).optional(),
    response: okBody({ message: z.string(), mode: z.literal('FULL_AGENT'), ...campaignFields }),
  }),
  createAgentFromTemplate: defineEndpoint({
    area: 'agents',
    method: 'POST',
    path: '/api/v2/createAgentFromTemplate',
    summary:
      'Create an agent account under the organization (targetOrganizationId, else the acting one) running a template with its fields filled in',
    description:
      'The new agent is published at once. accountName defaults to the businessName field, then the template name.',
    guard: 'session',
    query: z.object({ targetOrganizationId: idField().optional() }),
    body: z.object({
      templateId,
      templateFields: z.record(z.string(), z.string().max(5000)).default({}),
      accountName: z.string().trim().min(1).max(120).optional(),
    }),
    owned: { query: { targetOrganizationId: 'account' }, body: { templateId: 'template' } },
    successStatus: 201,
    response: okBody({
      message: z.string(),
      account: accountSummarySchema,
      campaignId: z.string(),
      campaign: agentConfigSchema,
    }),
  }),
};

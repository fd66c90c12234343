import {
  appDefinitionSchema,
  type AgentConfig,
  type AppDefinition,
  type AppFunction,
  type AppView,
} from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SecretBox } from '../../platform/secret-box';
import {
  credentialKeys,
  mapCredentials,
  mergeValues,
  openValues,
  sentValues,
  setupComplete,
  stripValues,
} from './app-credentials';
import { loadActingAccount, requirePermission, type AccountsDeps } from '../accounts/accounts.service';
import { appUsageByAgents } from '../agents/agents.service';
import { AppRequestError, buildRequest, sendRequest, type SendOptions } from './app-request';
import { builtInApp, builtInApps } from './apps.catalogue';
import {
  deleteCustomApp,
  deleteInstall,
  findCustomApp,
  findInstall,
  insertInstall,
  listCustomApps,
  listInstalls,
  updateInstallData,
  upsertCustomApp,
  type InstallRow,
} from './apps.repo';

export interface AppsDeps {
  db: Db;
  accounts: AccountsDeps;
  /** How app requests leave the server (private networks, timeout). */
  requests: Pick<SendOptions, 'allowPrivateNetwork' | 'timeoutMs'>;
  /** Secret credential values are stored sealed. */
  secrets: SecretBox;
}

export const accountTypeMismatch = 'Account type does not match';

/** The organization whose apps an account sees: its own for an organization, its organization's for an agent. */
async function organizationFor(
  db: Db,
  accountId: number | null,
  purpose: 'read' | 'write',
): Promise<number | null> {
  const account = await loadActingAccount(db, accountId);
  if (account.accountType === 'organization') return account.id;
  if (account.accountType === 'agent' && purpose === 'read') return account.organizationId;
  if (purpose === 'write' || account.accountType === 'agent') {
    throw new AppError('BAD_REQUEST', `${accountTypeMismatch}: apps are installed on an organization`);
  }
  return null;
}

async function writableOrganization(deps: AppsDeps, actor: Actor, accountId: number | null): Promise<number> {
  const organizationId = await organizationFor(deps.db, accountId, 'write');
  if (organizationId === null) throw new AppError('BAD_REQUEST', accountTypeMismatch);
  await requirePermission(
    deps.accounts,
    actor,
    organizationId,
    'canEditOrg',
    "manage this organization's apps",
  );
  return organizationId;
}

/** The definition as answered: credential values filled from the install, secrets never sent back. */
function present(
  definition: AppDefinition,
  options: { builtIn: boolean; install: InstallRow | null; usedByAgents: number },
): AppView {
  const appData = options.install?.appData ?? {};
  const auth = mapCredentials(definition, (key, property) => {
    const stored = appData[key] ?? '';
    return { ...property, value: property.secret ? '' : stored, configured: stored !== '' };
  });
  return {
    ...definition,
    dependencies: { providers: { auth } },
    builtIn: options.builtIn,
    accountType: 'organization',
    installed: options.install !== null,
    setupComplete: options.install !== null && setupComplete(definition, appData),
    installedAt: options.install?.createdAt.toISOString() ?? null,
    usedByAgents: options.usedByAgents,
  };
}

function parseStoredDefinition(row: { definition: Record<string, unknown> }): AppDefinition | null {
  const parsed = appDefinitionSchema.safeParse(row.definition);
  return parsed.success ? parsed.data : null;
}

async function definitionFor(db: Db, organizationId: number | null, appId: string, appVersion: string) {
  const builtIn = builtInApp(appId, appVersion);
  if (builtIn) return { definition: builtIn, builtIn: true };
  if (organizationId === null) return null;
  const row = await findCustomApp(db, organizationId, appId, appVersion);
  const definition = row ? parseStoredDefinition(row) : null;
  return definition ? { definition, builtIn: false } : null;
}

const notFound = () => new AppError('NOT_FOUND', 'No app matches params.appId and params.appVersion');

export async function listApps(
  deps: AppsDeps,
  accountId: number | null,
  filter: { installed?: boolean | undefined },
) {
  const organizationId = await organizationFor(deps.db, accountId, 'read');
  const [installs, custom, usage] =
    organizationId === null
      ? [[], [], new Map<string, number>()]
      : await Promise.all([
          listInstalls(deps.db, organizationId),
          listCustomApps(deps.db, organizationId),
          appUsageByAgents(deps.db, organizationId),
        ]);
  const installOf = (appId: string, appVersion: string) =>
    installs.find((row) => row.appId === appId && row.appVersion === appVersion) ?? null;
  const views: AppView[] = [];
  const entries = [
    ...builtInApps.map((definition) => ({ definition, builtIn: true })),
    ...custom.flatMap((row) => {
      const definition = parseStoredDefinition(row);
      return definition ? [{ definition, builtIn: false }] : [];
    }),
  ];
  for (const { definition, builtIn } of entries) {
    const install = installOf(definition.appId, definition.appVersion);
    if (filter.installed !== undefined && filter.installed !== (install !== null)) continue;
    views.push(
      present(definition, {
        builtIn,
        install,
        usedByAgents: usage.get(`${definition.appId}:${definition.appVersion}`) ?? 0,
      }),
    );
  }
  return { success: true as const, apps: views };
}

export async function getApp(deps: AppsDeps, accountId: number | null, appId: string, appVersion: string) {
  const organizationId = await organizationFor(deps.db, accountId, 'read');
  const found = await definitionFor(deps.db, organizationId, appId, appVersion);
  if (!found) throw notFound();
  const install =
    organizationId === null ? null : await findInstall(deps.db, organizationId, appId, appVersion);
  const usage =
    organizationId === null ? new Map<string, number>() : await appUsageByAgents(deps.db, organizationId);
  return {
    success: true as const,
    app: present(found.definition, {
      builtIn: found.builtIn,
      install,
      usedByAgents: usage.get(`${appId}:${appVersion}`) ?? 0,
    }),
  };
}

function parseCustomDefinition(
  appId: string,
  appVersion: string,
  app: Record<string, unknown>,
): AppDefinition {
  const parsed = appDefinitionSchema.safeParse({ ...app, appId, appVersion });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'VALIDATION_FAILED',
      `body.app.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`,
    );
  }
  const names = new Set<string>();
  for (const fn of parsed.data.functions) {
    if (names.has(fn.name))
      throw new AppError('VALIDATION_FAILED', `body.app.functions: ${fn.name} is defined twice`);
    names.add(fn.name);
  }
  return parsed.data;
}

interface SaveInput {
  appId: string;
  appVersion: string;
  app: Record<string, unknown>;
  reload: boolean;
}

export async function installApp(deps: AppsDeps, actor: Actor, accountId: number | null, input: SaveInput) {
  const organizationId = await writableOrganization(deps, actor, accountId);
  const { appId, appVersion } = input;
  const builtIn = builtInApp(appId, appVersion);
  const definition = builtIn ?? parseCustomDefinition(appId, appVersion, input.app);
  if (await findInstall(deps.db, organizationId, appId, appVersion)) {
    throw new AppError(
      'CONFLICT',
      `${definition.name} ${appVersion} is already installed; change it with PUT`,
    );
  }
  const appData = mergeValues(
    deps.secrets,
    definition,
    {},
    sentValues(input.app.dependencies),
    'body.app.dependencies',
  );
  const saved = await deps.db.transaction(async (tx) => {
    if (!builtIn) {
      await upsertCustomApp(tx, { organizationId, appId, appVersion, definition: stripValues(definition) });
    }
    return insertInstall(tx, {
      organizationId,
      appId,
      appVersion,
      appData,
      installedBy: actor.userId,
    });
  });
  if (!saved)
    throw new AppError(
      'CONFLICT',
      `${definition.name} ${appVersion} is already installed; change it with PUT`,
    );
  const check = input.reload ? await runConnectionCheck(deps, definition, appData) : null;
  const { app } = await getApp(deps, organizationId, appId, appVersion);
  return { success: true as const, message: 'App installed', app, check };
}

export async function updateApp(deps: AppsDeps, actor: Actor, accountId: number | null, input: SaveInput) {
  const organizationId = await writableOrganization(deps, actor, accountId);
  const { appId, appVersion } = input;
  const install = await findInstall(deps.db, organizationId, appId, appVersion);
  const found = await definitionFor(deps.db, organizationId, appId, appVersion);
  if (!install || !found)
    throw new AppError('NOT_FOUND', 'The app of params.appId and params.appVersion is not installed');
  const definition = found.builtIn
    ? found.definition
    : parseCustomDefinition(appId, appVersion, { ...found.definition, ...input.app });
  const appData = mergeValues(
    deps.secrets,
    definition,
    install.appData,
    sentValues(input.app.dependencies),
    'body.app.dependencies',
  );
  await deps.db.transaction(async (tx) => {
    if (!found.builtIn) {
      await upsertCustomApp(tx, { organizationId, appId, appVersion, definition: stripValues(definition) });
    }
    await updateInstallData(tx, organizationId, install.id, appData);
  });
  const check = input.reload ? await runConnectionCheck(deps, definition, appData) : null;
  const { app } = await getApp(deps, organizationId, appId, appVersion);
  return { success: true as const, message: 'App updated', app, check };
}

export async function uninstallApp(
  deps: AppsDeps,
  actor: Actor,
  accountId: number | null,
  appId: string,
  appVersion: string,
) {
  const organizationId = await writableOrganization(deps, actor, accountId);
  const install = await findInstall(deps.db, organizationId, appId, appVersion);
  if (!install)
    throw new AppError('NOT_FOUND', 'The app of params.appId and params.appVersion is not installed');
  await deps.db.transaction(async (tx) => {
    await deleteInstall(tx, organizationId, install.id);
    // A custom app exists only on its organization; uninstalling it removes its definition too.
    if (!builtInApp(appId, appVersion)) await deleteCustomApp(tx, organizationId, appId, appVersion);
  });
  return { success: true as const, message: 'App uninstalled' };
}

/** Runs the app's connection check with the stored credentials. */
async function runConnectionCheck(
  deps: AppsDeps,
  definition: AppDefinition,
  appData: Record<string, string>,
) {
  if (!definition.check)
    return { ok: false, status: null, message: `${definition.name} has no connection check.` };
  try {
    const built = buildRequest(definition.check, {
      args: {},
      auth: openValues(deps.secrets, appData),
      conversation: {},
    });
    const response = await sendRequest(built, deps.requests);
    return {
      ok: response.ok,
      status: response.status,
      message: response.ok
        ? `Connected to ${definition.name}.`
        : response.status === 401 || response.status === 403
          ? `${definition.name} refused the credentials (status ${response.status}).`
          : `${definition.name} answered with status ${response.status}.`,
    };
  } catch (error) {
    if (error instanceof AppRequestError) return { ok: false, status: null, message: error.message };
    throw error;
  }
}

function integrationAnswer(definition: AppDefinition, appData: Record<string, string>, message: string) {
  const secrets = new Set(
    credentialKeys(definition)
      .filter(({ property }) => property.secret)
      .map(({ key }) => key),
  );
  return {
    success: true as const,
    message,
    appId: definition.appId,
    appVersion: definition.appVersion,
    appData: Object.fromEntries(
      Object.entries(appData).map(([key, value]) => [key, secrets.has(key) ? '' : value]),
    ),
  };
}

async function installedIntegration(deps: AppsDeps, organizationId: number, slug: string, version: string) {
  const install = await findInstall(deps.db, organizationId, slug, version);
  const found = await definitionFor(deps.db, organizationId, slug, version);
  if (!install || !found) throw new AppError('NOT_FOUND', 'Integration data not found');
  return { install, definition: found.definition };
}

export async function getIntegration(
  deps: AppsDeps,
  accountId: number | null,
  slug: string,
  version: string,
) {
  const organizationId = await organizationFor(deps.db, accountId, 'read');
  if (organizationId === null) throw new AppError('BAD_REQUEST', accountTypeMismatch);
  const { install, definition } = await installedIntegration(deps, organizationId, slug, version);
  return integrationAnswer(definition, install.appData, 'Integration data');
}

export async function saveIntegration(
  deps: AppsDeps,
  actor: Actor,
  accountId: number | null,
  input: { slug: string; version: string; appData: Record<string, string> | undefined },
) {
  if (input.appData === undefined) throw new AppError('VALIDATION_FAILED', 'appData is required');
  const organizationId = await writableOrganization(deps, actor, accountId);
  const { install, definition } = await installedIntegration(deps, organizationId, input.slug, input.version);
  const appData = mergeValues(deps.secrets, definition, install.appData, input.appData, 'body.appData');
  await updateInstallData(deps.db, organizationId, install.id, appData);
  return integrationAnswer(definition, appData, 'Integration data updated successfully');
}

/** One app function an agent may call, with what running it needs. */
export interface AgentAppFunction {
  /** The tool name the model sees: `<appId>__<function>` (built-in functions never contain `__`). */
  toolName: string;
  appId: string;
  appVersion: string;
  appName: string;
  fn: AppFunction;
  /** The agent's instructions for this app. */
  instructions: string;
  auth: Record<string, string>;
}

export function appToolName(appId: string, functionName: string): string {
  return `${appId}__${functionName}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

/**
 * The app functions an agent's config enables: its apps that the organization has installed and set up, each
 * with the functions `enabledFunctions["appId:version"]` lists (all of them when the key is absent). Apps that
 * are missing or not set up are skipped and reported in `skipped`.
 */
export async function resolveAgentAppFunctions(
  db: Db,
  secrets: SecretBox,
  organizationId: number | null,
  config: AgentConfig,
): Promise<{ functions: AgentAppFunction[]; skipped: { appId: string; appVersion: string; why: string }[] }> {
  const functions: AgentAppFunction[] = [];
  const skipped: { appId: string; appVersion: string; why: string }[] = [];
  if (config.apps.length === 0) return { functions, skipped };
  if (organizationId === null) {
    return {
      functions,
      skipped: config.apps.map((app) => ({
        appId: app.appId,
        appVersion: app.version,
        why: 'no organization',
      })),
    };
  }
  const installs = await listInstalls(db, organizationId);
  for (const app of config.apps) {
    const install = installs.find((row) => row.appId === app.appId && row.appVersion === app.version);
    const found = install ? await definitionFor(db, organizationId, app.appId, app.version) : null;
    if (!install || !found) {
      skipped.push({ appId: app.appId, appVersion: app.version, why: 'not installed' });
      continue;
    }
    if (!setupComplete(found.definition, install.appData)) {
      skipped.push({ appId: app.appId, appVersion: app.version, why: 'credentials missing' });
      continue;
    }
    const enabled = config.enabledFunctions[`${app.appId}:${app.version}`];
    for (const fn of found.definition.functions) {
      if (enabled && !enabled.includes(fn.name)) continue;
      functions.push({
        toolName: appToolName(app.appId, fn.name),
        appId: app.appId,
        appVersion: app.version,
        appName: found.definition.name,
        fn,
        instructions: app.instructions,
        auth: openValues(secrets, install.appData),
      });
    }
  }
  return { functions, skipped };
}

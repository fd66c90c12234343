import type { AgentConfig, AppFunction, AppView } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import type { SecretBox } from '../../platform/secret-box';
import { mergeValues, openValues, sentValues, setupComplete, stripValues } from './app-credentials';
import { appUsageByAgents } from '../agents/agents.service';
import { organizationFor, writableOrganization, type AppsDeps } from './app-access';
import {
  findAppDefinition,
  parseCustomDefinition,
  parseStoredDefinition,
  presentApp,
} from './app-definitions';
import { builtInApp, builtInApps } from './apps.catalogue';
import {
  deleteCustomApp,
  deleteInstall,
  findInstall,
  insertInstall,
  listCustomApps,
  listInstalls,
  updateInstallData,
  upsertCustomApp,
} from './apps.repo';
import { runConnectionCheck } from './connection-check';

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
      presentApp(definition, {
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
  const found = await findAppDefinition(deps.db, organizationId, appId, appVersion);
  if (!found) throw notFound();
  const install =
    organizationId === null ? null : await findInstall(deps.db, organizationId, appId, appVersion);
  const usage =
    organizationId === null ? new Map<string, number>() : await appUsageByAgents(deps.db, organizationId);
  return {
    success: true as const,
    app: presentApp(found.definition, {
      builtIn: found.builtIn,
      install,
      usedByAgents: usage.get(`${appId}:${appVersion}`) ?? 0,
    }),
  };
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
  const found = await findAppDefinition(deps.db, organizationId, appId, appVersion);
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
    const found = install ? await findAppDefinition(db, organizationId, app.appId, app.version) : null;
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

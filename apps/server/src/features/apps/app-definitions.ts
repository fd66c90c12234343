import { appDefinitionSchema, type AppDefinition, type AppView } from '@switchboard/contract';
import type { Db } from '../../platform/database';
import { AppError } from '../../platform/app-error';
import { mapCredentials, setupComplete } from './app-credentials';
import { builtInApp } from './apps.catalogue';
import { findCustomApp, type InstallRow } from './apps.repo';

/** The definition as answered: credential values filled from the install, secrets never sent back. */
export function presentApp(
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

export function parseStoredDefinition(row: { definition: Record<string, unknown> }): AppDefinition | null {
  const parsed = appDefinitionSchema.safeParse(row.definition);
  return parsed.success ? parsed.data : null;
}

/** A built-in app, else the organization's custom app of that id and version; null when neither exists. */
export async function findAppDefinition(
  db: Db,
  organizationId: number | null,
  appId: string,
  appVersion: string,
) {
  const builtIn = builtInApp(appId, appVersion);
  if (builtIn) return { definition: builtIn, builtIn: true };
  if (organizationId === null) return null;
  const row = await findCustomApp(db, organizationId, appId, appVersion);
  const definition = row ? parseStoredDefinition(row) : null;
  return definition ? { definition, builtIn: false } : null;
}

/** A custom app as sent, checked by the contract's schema; a function defined twice is refused. */
export function parseCustomDefinition(
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

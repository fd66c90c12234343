import type { AppDefinition } from '@switchboard/contract';
import type { Actor } from '../../http/authenticator';
import { AppError } from '../../platform/app-error';
import { credentialKeys, mergeValues } from './app-credentials';
import { accountTypeMismatch, organizationFor, writableOrganization, type AppsDeps } from './app-access';
import { findAppDefinition } from './app-definitions';
import { findInstall, updateInstallData } from './apps.repo';

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
  const found = await findAppDefinition(deps.db, organizationId, slug, version);
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

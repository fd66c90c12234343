import type { AppDefinition } from '@switchboard/contract';
import { openValues } from './app-credentials';
import type { AppsDeps } from './app-access';
import { AppRequestError, buildRequest, sendRequest } from './app-request';

/** Runs the app's connection check with the stored credentials. */
export async function runConnectionCheck(
  deps: Pick<AppsDeps, 'requests' | 'secrets'>,
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

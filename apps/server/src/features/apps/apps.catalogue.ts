import { appDefinitionSchema, type AppDefinition } from '@switchboard/contract';
import { webhookApp, zapierApp } from './catalogue/automation';
import { shopifyApp, squareUpApp } from './catalogue/commerce';
import { hubspotApp } from './catalogue/crm';
import { slackApp } from './catalogue/messaging';

/**
 * The built-in apps, one file per category under catalogue/. Each function is the vendor's real HTTP API described
 * as a request template (see app-request.ts); credentials are filled per organization on install.
 */
const definitions = [webhookApp, slackApp, zapierApp, shopifyApp, squareUpApp, hubspotApp];

/** The catalogue, validated once at load (a bad definition fails the server's start, not a call). */
export const builtInApps: readonly AppDefinition[] = definitions.map((definition) =>
  appDefinitionSchema.parse(definition),
);

export function builtInApp(appId: string, appVersion: string): AppDefinition | null {
  return builtInApps.find((app) => app.appId === appId && app.appVersion === appVersion) ?? null;
}

import type { AppDefinition } from '@switchboard/contract';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { isSealed, type SecretBox } from '../../platform/secret-box';

/**
 * An app's credentials: the fields its definition declares under dependencies.providers.auth, the values an
 * install holds (secrets sealed), and what a client sends back.
 */

/** The credential values as requests use them: sealed secrets opened. */
export function openValues(secrets: SecretBox, appData: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(appData).map(([key, value]) => [key, secrets.open(value)]));
}

type CredentialProperty =
  AppDefinition['dependencies']['providers']['auth'][string]['parameters']['properties'][string];

/** The credential tree with each property replaced by `change(key, property)`. */
export function mapCredentials(
  definition: AppDefinition,
  change: (key: string, property: CredentialProperty) => CredentialProperty,
): AppDefinition['dependencies']['providers']['auth'] {
  return Object.fromEntries(
    Object.entries(definition.dependencies.providers.auth).map(([name, provider]) => [
      name,
      {
        ...provider,
        parameters: {
          ...provider.parameters,
          properties: Object.fromEntries(
            Object.entries(provider.parameters.properties).map(([key, property]) => [
              key,
              change(key, property),
            ]),
          ),
        },
      },
    ]),
  );
}

export function credentialKeys(definition: AppDefinition) {
  return Object.values(definition.dependencies.providers.auth).flatMap((provider) =>
    Object.entries(provider.parameters.properties).map(([key, property]) => ({ key, property })),
  );
}

export function setupComplete(definition: AppDefinition, appData: Record<string, string>): boolean {
  return credentialKeys(definition).every(
    ({ key, property }) => !property.required || (appData[key] ?? '') !== '',
  );
}

/** The credential values the client sent in app.dependencies.providers.auth[*].parameters.properties[*].value. */
const sentAuthSchema = z
  .object({
    providers: z
      .object({
        auth: z
          .record(
            z.string(),
            z
              .object({
                parameters: z
                  .object({
                    properties: z
                      .record(z.string(), z.object({ value: z.string().max(4000).optional() }).loose())
                      .optional(),
                  })
                  .loose()
                  .optional(),
              })
              .loose(),
          )
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose()
  .optional();

export function sentValues(dependencies: unknown): Record<string, string> {
  const parsed = sentAuthSchema.safeParse(dependencies);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'VALIDATION_FAILED',
      `body.app.dependencies.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'is not valid'}`,
    );
  }
  const values: Record<string, string> = {};
  for (const provider of Object.values(parsed.data?.providers?.auth ?? {})) {
    for (const [key, property] of Object.entries(provider.parameters?.properties ?? {})) {
      if (property.value !== undefined) values[key] = property.value.trim();
    }
  }
  return values;
}

/**
 * The values to store: the declared keys only (an undeclared key is refused), a secret sent empty keeps its
 * stored value, and a required one must end up set.
 */
export function mergeValues(
  secrets: SecretBox,
  definition: AppDefinition,
  stored: Record<string, string>,
  sent: Record<string, string>,
  field: string,
): Record<string, string> {
  const keys = credentialKeys(definition);
  const declared = new Set(keys.map(({ key }) => key));
  const unknown = Object.keys(sent).filter((key) => !declared.has(key));
  if (unknown.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${field}: ${unknown.join(', ')} is not a setting of ${definition.name}`,
    );
  }
  const merged: Record<string, string> = {};
  for (const { key, property } of keys) {
    const value = sent[key];
    const next = value === undefined || (property.secret && value === '') ? (stored[key] ?? '') : value;
    if (next !== '') merged[key] = property.secret && !isSealed(next) ? secrets.seal(next) : next;
  }
  const missing = keys.filter(({ key, property }) => property.required && !merged[key]);
  if (missing.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${field}: ${missing.map(({ key, property }) => property.title || key).join(', ')} is required`,
    );
  }
  return merged;
}

/** Credential values never live in a stored definition. */
export function stripValues(definition: AppDefinition): Record<string, unknown> {
  const auth = mapCredentials(definition, (_key, property) => {
    const { configured: _configured, ...rest } = property;
    return { ...rest, value: '' };
  });
  return { ...definition, dependencies: { providers: { auth } } };
}

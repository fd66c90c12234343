import type { AppDefinitionInput, AppView } from '@switchboard/contract';

/** One credential field of an app, flattened from dependencies.providers.auth[provider].parameters.properties. */
export interface CredentialField {
  provider: string;
  key: string;
  title: string;
  description: string;
  placeholder: string;
  secret: boolean;
  required: boolean;
  /** The stored value (secrets are never sent back, so theirs is empty). */
  value: string;
  /** A value is stored. */
  configured: boolean;
}

export function credentialFields(app: AppView): CredentialField[] {
  return Object.entries(app.dependencies.providers.auth).flatMap(([provider, definition]) =>
    Object.entries(definition.parameters.properties).map(([key, property]) => ({
      provider,
      key,
      title: property.title || key,
      description: property.description,
      placeholder: property.placeholder ?? '',
      secret: property.secret,
      required: property.required,
      value: property.value,
      configured: property.configured ?? false,
    })),
  );
}

/**
 * The fields still to fill before saving: a required one with no value typed and none stored. A stored secret
 * left empty keeps its value.
 */
export function missingCredentials(
  fields: readonly CredentialField[],
  values: Record<string, string>,
): string[] {
  return fields
    .filter(
      (field) =>
        field.required && (values[field.key] ?? '').trim() === '' && !(field.secret && field.configured),
    )
    .map((field) => field.title);
}

/** The `app` body of an install or update: the definition's credential tree with the typed values. */
export function credentialsBody(app: AppView, values: Record<string, string>) {
  const auth = Object.fromEntries(
    Object.entries(app.dependencies.providers.auth).map(([provider, definition]) => [
      provider,
      {
        parameters: {
          properties: Object.fromEntries(
            Object.keys(definition.parameters.properties).map((key) => [
              key,
              { value: (values[key] ?? '').trim() },
            ]),
          ),
        },
      },
    ]),
  );
  return { dependencies: { providers: { auth } } };
}

/** What the custom-app form edits: one function that calls one URL. */
export interface CustomAppDraft {
  name: string;
  description: string;
  functionTitle: string;
  functionDescription: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Sent as Authorization: Bearer <key> when set. */
  apiKey: string;
  parameters: {
    name: string;
    type: 'string' | 'number' | 'boolean';
    description: string;
    required: boolean;
  }[];
  examples: string[];
  successMessage: string;
  failureMessage: string;
}

export const emptyCustomApp: CustomAppDraft = {
  name: '',
  description: '',
  functionTitle: '',
  functionDescription: '',
  method: 'POST',
  url: '',
  apiKey: '',
  parameters: [],
  examples: [],
  successMessage: '',
  failureMessage: '',
};

/** "Order desk" → "orderDesk"; "Check stock!" → "check_stock" (for function names). */
export function identifierFrom(text: string, style: 'camel' | 'snake'): string {
  const words = text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const joined =
    style === 'snake'
      ? words.map((word) => word.toLowerCase()).join('_')
      : words
          .map((word, index) =>
            index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
          )
          .join('');
  const cleaned = joined.replace(/^[^A-Za-z]+/, '');
  return cleaned.slice(0, 40);
}

/**
 * The definition a custom-app draft describes. GET and DELETE carry the arguments in the query string; the other
 * methods send them as the JSON body.
 */
export function customAppDefinition(draft: CustomAppDraft): {
  appId: string;
  app: Omit<AppDefinitionInput, 'appId' | 'appVersion'>;
} {
  const parameters = draft.parameters.filter((parameter) =>
    /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(parameter.name.trim()),
  );
  const properties = Object.fromEntries(
    parameters.map((parameter) => [
      parameter.name.trim(),
      { type: parameter.type, description: parameter.description.trim() },
    ]),
  );
  const inQuery = draft.method === 'GET' || draft.method === 'DELETE';
  return {
    appId: identifierFrom(draft.name, 'camel'),
    app: {
      name: draft.name.trim(),
      description: draft.description.trim(),
      category: 'Custom',
      dependencies: {
        providers: {
          auth: {
            api: {
              title: 'API',
              parameters: {
                type: 'object',
                properties: {
                  apiKey: {
                    type: 'string',
                    title: 'API key',
                    description: 'Sent as a bearer token.',
                    secret: true,
                    required: false,
                    value: draft.apiKey.trim(),
                  },
                },
              },
            },
          },
        },
      },
      functions: [
        {
          name: identifierFrom(draft.functionTitle, 'snake'),
          title: draft.functionTitle.trim(),
          description: draft.functionDescription.trim(),
          parameters: {
            type: 'object',
            properties,
            required: parameters
              .filter((parameter) => parameter.required)
              .map((parameter) => parameter.name.trim()),
          },
          examples: draft.examples.map((example) => example.trim()).filter(Boolean),
          request: {
            method: draft.method,
            url: draft.url.trim(),
            headers: { Authorization: 'Bearer {{auth.apiKey}}' },
            query: inQuery
              ? Object.fromEntries(
                  parameters.map((parameter) => [parameter.name.trim(), `{{args.${parameter.name.trim()}}}`]),
                )
              : {},
            ...(inQuery ? {} : { body: null }),
          },
          messages: {
            ...(draft.successMessage.trim() ? { complete: draft.successMessage.trim() } : {}),
            ...(draft.failureMessage.trim() ? { failed: draft.failureMessage.trim() } : {}),
          },
        },
      ],
    },
  };
}

import { appDefinitionSchema, appViewSchema, type AppView } from '@switchboard/contract';
import { describe, expect, it } from 'vitest';
import {
  credentialFields,
  credentialsBody,
  customAppDefinition,
  emptyCustomApp,
  identifierFrom,
  missingCredentials,
} from './app-forms';

const shopify: AppView = appViewSchema.parse({
  appId: 'shopify',
  appVersion: 'v1',
  name: 'Shopify',
  builtIn: true,
  accountType: 'organization',
  installed: true,
  setupComplete: true,
  installedAt: null,
  usedByAgents: 0,
  dependencies: {
    providers: {
      auth: {
        adminApi: {
          parameters: {
            properties: {
              shopDomain: { title: 'Shop domain', value: 'acme.myshopify.com', configured: true },
              accessToken: { title: 'Access token', secret: true, value: '', configured: true },
              note: { required: false },
            },
          },
        },
      },
    },
  },
  functions: [
    {
      name: 'order_status',
      title: 'Order status',
      description: 'Look up an order.',
      request: { method: 'GET', url: 'https://{{auth.shopDomain}}/orders.json' },
    },
  ],
});

describe('app credential forms', () => {
  it('flattens the credential tree and knows what is still missing', () => {
    const fields = credentialFields(shopify);
    expect(fields.map((field) => [field.key, field.secret, field.configured])).toEqual([
      ['shopDomain', false, true],
      ['accessToken', true, true],
      ['note', false, false],
    ]);
    // A stored secret left empty keeps its value; an emptied required field is missing.
    expect(missingCredentials(fields, { shopDomain: 'x', accessToken: '' })).toEqual([]);
    expect(missingCredentials(fields, { shopDomain: ' ', accessToken: '' })).toEqual(['Shop domain']);
    const fresh = credentialFields({ ...shopify, installed: false }).map((field) => ({
      ...field,
      configured: false,
    }));
    expect(missingCredentials(fresh, {})).toEqual(['Shop domain', 'Access token']);
  });

  it('sends the values back in the definition’s tree', () => {
    expect(credentialsBody(shopify, { shopDomain: ' a.myshopify.com ', accessToken: 'tok' })).toEqual({
      dependencies: {
        providers: {
          auth: {
            adminApi: {
              parameters: {
                properties: {
                  shopDomain: { value: 'a.myshopify.com' },
                  accessToken: { value: 'tok' },
                  note: { value: '' },
                },
              },
            },
          },
        },
      },
    });
  });
});

describe('custom app drafts', () => {
  it('makes identifiers from names', () => {
    expect(identifierFrom('Order desk', 'camel')).toBe('orderDesk');
    expect(identifierFrom('  Check stock! ', 'snake')).toBe('check_stock');
    expect(identifierFrom('3D printer', 'camel')).toBe('dPrinter');
  });

  it('describes a valid app: arguments in the query for GET, as the body otherwise', () => {
    const draft = {
      ...emptyCustomApp,
      name: 'Order desk',
      functionTitle: 'Order status',
      functionDescription: 'Look up an order.',
      method: 'GET' as const,
      url: 'https://api.example.com/orders',
      parameters: [
        { name: 'orderNumber', type: 'string' as const, description: 'The order number', required: true },
        { name: 'bad name', type: 'string' as const, description: '', required: true },
      ],
      examples: ['where is my order', ' '],
      successMessage: 'Order {{response.number}} is {{response.status}}.',
    };
    const { appId, app } = customAppDefinition(draft);
    expect(appId).toBe('orderDesk');
    const parsed = appDefinitionSchema.parse({ ...app, appId, appVersion: 'v1' });
    const fn = parsed.functions[0]!;
    expect(fn.name).toBe('order_status');
    expect(fn.parameters.required).toEqual(['orderNumber']);
    expect(fn.request.query).toEqual({ orderNumber: '{{args.orderNumber}}' });
    expect(fn.examples).toEqual(['where is my order']);
    const post = customAppDefinition({ ...draft, method: 'POST' }).app.functions[0]!;
    expect(post.request.query).toEqual({});
    expect(post.request.body).toBeNull();
  });
});

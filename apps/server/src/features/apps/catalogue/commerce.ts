import type { AppDefinitionInput } from '@switchboard/contract';

export const shopifyApp: AppDefinitionInput = {
  appId: 'shopify',
  appVersion: 'v1',
  name: 'Shopify',
  category: 'Commerce',
  description: 'Tell callers where their order is: payment and fulfilment status by order number.',
  website: 'https://shopify.dev/docs/api/admin-rest',
  dependencies: {
    providers: {
      auth: {
        adminApi: {
          title: 'Admin API',
          parameters: {
            type: 'object',
            properties: {
              shopDomain: {
                type: 'string',
                title: 'Shop domain',
                description: 'Your store’s myshopify.com domain.',
                placeholder: 'my-store.myshopify.com',
                secret: false,
                required: true,
                value: '',
              },
              accessToken: {
                type: 'string',
                title: 'Admin API access token',
                description: 'From a custom app with the read_orders scope.',
                placeholder: 'shpat_…',
                secret: true,
                required: true,
                value: '',
              },
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
      description: 'Look up an order by its number and say its payment and fulfilment status.',
      parameters: {
        type: 'object',
        properties: {
          orderNumber: { type: 'string', description: 'The order number, without the # sign.' },
        },
        required: ['orderNumber'],
      },
      examples: [
        'where is my order',
        'what is the status of my order',
        'has my order shipped',
        'I want to track my package',
        'check on my order',
      ],
      request: {
        method: 'GET',
        url: 'https://{{auth.shopDomain}}/admin/api/2024-10/orders.json',
        headers: { 'X-Shopify-Access-Token': '{{auth.accessToken}}' },
        query: {
          name: '#{{args.orderNumber}}',
          status: 'any',
          fields: 'name,financial_status,fulfillment_status,created_at',
        },
      },
      messages: {
        complete:
          'Order {{response.orders.0.name}} is {{response.orders.0.financial_status}}, fulfilment status: {{response.orders.0.fulfillment_status|not shipped yet}}.',
        failed: 'I could not find an order with the number {{args.orderNumber}}.',
      },
    },
  ],
  check: {
    method: 'GET',
    url: 'https://{{auth.shopDomain}}/admin/api/2024-10/shop.json',
    headers: { 'X-Shopify-Access-Token': '{{auth.accessToken}}' },
    query: {},
  },
};

export const squareUpApp: AppDefinitionInput = {
  appId: 'squareUp',
  appVersion: 'v1',
  name: 'Square',
  category: 'Commerce',
  description: 'Recognise returning customers by phone number from your Square customer directory.',
  website: 'https://developer.squareup.com/reference/square/customers-api',
  dependencies: {
    providers: {
      auth: {
        square: {
          title: 'Square',
          parameters: {
            type: 'object',
            properties: {
              accessToken: {
                type: 'string',
                title: 'Access token',
                description: 'A production access token from the Square Developer Dashboard.',
                secret: true,
                required: true,
                value: '',
              },
            },
          },
        },
      },
    },
  },
  functions: [
    {
      name: 'find_customer',
      title: 'Find a customer',
      description: 'Find the customer with a phone number in the Square customer directory.',
      parameters: {
        type: 'object',
        properties: {
          phoneNumber: { type: 'string', format: 'phone', description: 'The phone number, in E.164.' },
        },
        required: ['phoneNumber'],
      },
      examples: [
        'am I in your system',
        'do you have my details',
        'look up my account',
        'I am an existing customer',
      ],
      request: {
        method: 'POST',
        url: 'https://connect.squareup.com/v2/customers/search',
        headers: { Authorization: 'Bearer {{auth.accessToken}}', 'Square-Version': '2024-10-17' },
        query: {},
        body: { query: { filter: { phone_number: { exact: '{{args.phoneNumber}}' } } }, limit: 1 },
      },
      messages: {
        complete: 'I found your customer record, {{response.customers.0.given_name}}.',
        failed: 'I could not find a customer with that number.',
      },
    },
  ],
  check: {
    method: 'GET',
    url: 'https://connect.squareup.com/v2/locations',
    headers: { Authorization: 'Bearer {{auth.accessToken}}', 'Square-Version': '2024-10-17' },
    query: {},
  },
};

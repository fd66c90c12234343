import { appDefinitionSchema, type AppDefinition, type AppDefinitionInput } from '@switchboard/contract';

/**
 * The built-in apps. Each function is the vendor's real HTTP API described as a request template (see
 * app-request.ts); credentials are filled per organization on install.
 */
const conversationFields = {
  conversation: '{{conversation.uuid}}',
  channel: '{{conversation.channel}}',
  contactPhone: '{{conversation.contactPhone}}',
  agent: '{{conversation.agentName}}',
};

const definitions: AppDefinitionInput[] = [
  {
    appId: 'webhook',
    appVersion: 'v1',
    name: 'Webhook',
    category: 'Automation',
    description:
      'Send what the caller asked for to your own system: a JSON POST to the URL you choose, with an optional bearer token.',
    website: '',
    dependencies: {
      providers: {
        auth: {
          endpoint: {
            title: 'Your endpoint',
            parameters: {
              type: 'object',
              properties: {
                url: {
                  type: 'string',
                  title: 'Endpoint URL',
                  description: 'Receives a JSON POST for every call of the function.',
                  placeholder: 'https://example.com/hooks/switchboard',
                  secret: false,
                  required: true,
                  value: '',
                },
                token: {
                  type: 'string',
                  title: 'Bearer token',
                  description: 'Sent as Authorization: Bearer <token> when set.',
                  secret: true,
                  required: false,
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
        name: 'send_request',
        title: 'Send a request',
        description:
          "Pass the caller's request to the business's system, for example a quote request, an order or a service request.",
        parameters: {
          type: 'object',
          properties: {
            summary: { type: 'string', description: 'What the caller wants, in one or two sentences.' },
            name: { type: 'string', description: "The caller's name." },
            email: { type: 'string', format: 'email', description: "The caller's email address." },
          },
          required: ['summary'],
        },
        examples: [
          'I would like a quote',
          'can you send my request to the team',
          'I want to place an order',
          'please submit a service request',
        ],
        request: {
          method: 'POST',
          url: '{{auth.url}}',
          headers: { Authorization: 'Bearer {{auth.token}}' },
          query: {},
          body: {
            event: 'agent.request',
            summary: '{{args.summary}}',
            name: '{{args.name}}',
            email: '{{args.email}}',
            ...conversationFields,
          },
        },
        messages: { complete: 'I have passed your request on to the team.' },
      },
    ],
  },
  {
    appId: 'slack',
    appVersion: 'v1',
    name: 'Slack',
    category: 'Messaging',
    description:
      'Post a note to a Slack channel through an incoming webhook, so the team hears about it at once.',
    website: 'https://api.slack.com/messaging/webhooks',
    dependencies: {
      providers: {
        auth: {
          incomingWebhook: {
            title: 'Incoming webhook',
            parameters: {
              type: 'object',
              properties: {
                webhookUrl: {
                  type: 'string',
                  title: 'Webhook URL',
                  description: 'From your Slack app: Incoming Webhooks → Add New Webhook to Workspace.',
                  placeholder: 'https://hooks.slack.com/services/T000/B000/XXXX',
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
        name: 'notify_team',
        title: 'Notify the team',
        description:
          'Post a short note to the team’s Slack channel, for something urgent or worth knowing now.',
        parameters: {
          type: 'object',
          properties: { text: { type: 'string', description: 'The note to post.' } },
          required: ['text'],
        },
        examples: [
          'let the team know',
          'please alert the staff',
          'tell the team it is urgent',
          'notify someone now',
        ],
        request: {
          method: 'POST',
          url: '{{auth.webhookUrl}}',
          headers: {},
          query: {},
          body: {
            text: '{{args.text}} ({{conversation.agentName}}, caller {{conversation.contactPhone|unknown}})',
          },
        },
        messages: { complete: 'I have let the team know.' },
      },
    ],
  },
  {
    appId: 'zapier',
    appVersion: 'v1',
    name: 'Zapier',
    category: 'Automation',
    description: 'Start a Zap with a Catch Hook trigger and reach thousands of apps from a conversation.',
    website: 'https://help.zapier.com/hc/en-us/articles/8496288690317',
    dependencies: {
      providers: {
        auth: {
          catchHook: {
            title: 'Catch Hook',
            parameters: {
              type: 'object',
              properties: {
                hookUrl: {
                  type: 'string',
                  title: 'Webhook URL',
                  description: 'The URL of your Zap’s “Catch Hook” trigger.',
                  placeholder: 'https://hooks.zapier.com/hooks/catch/123456/abcdef/',
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
        name: 'trigger_zap',
        title: 'Trigger the Zap',
        description:
          'Send the details the caller gave to the Zap, which files them where the business works.',
        parameters: {
          type: 'object',
          properties: {
            summary: { type: 'string', description: 'What happened or what the caller wants.' },
            name: { type: 'string', description: "The caller's name." },
            email: { type: 'string', format: 'email', description: "The caller's email address." },
          },
          required: ['summary'],
        },
        examples: ['add me to your list', 'sign me up', 'register my interest', 'please file this for me'],
        request: {
          method: 'POST',
          url: '{{auth.hookUrl}}',
          headers: {},
          query: {},
          body: {
            summary: '{{args.summary}}',
            name: '{{args.name}}',
            email: '{{args.email}}',
            ...conversationFields,
          },
        },
        messages: { complete: 'Done, I have filed that for you.' },
      },
    ],
  },
  {
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
  },
  {
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
  },
  {
    appId: 'hubspot',
    appVersion: 'v1',
    name: 'HubSpot',
    category: 'CRM',
    description: 'Save callers as HubSpot contacts, with their name, email and phone number.',
    website: 'https://developers.hubspot.com/docs/api/crm/contacts',
    dependencies: {
      providers: {
        auth: {
          privateApp: {
            title: 'Private app',
            parameters: {
              type: 'object',
              properties: {
                accessToken: {
                  type: 'string',
                  title: 'Private app access token',
                  description: 'A private app with the crm.objects.contacts.write scope.',
                  placeholder: 'pat-na1-…',
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
        name: 'create_contact',
        title: 'Save a contact',
        description: 'Save the caller as a contact in the CRM once you have their name and email address.',
        parameters: {
          type: 'object',
          properties: {
            firstname: { type: 'string', description: "The caller's first name." },
            lastname: { type: 'string', description: "The caller's last name." },
            email: { type: 'string', format: 'email', description: "The caller's email address." },
            phone: { type: 'string', format: 'phone', description: "The caller's phone number." },
          },
          required: ['firstname', 'email'],
        },
        examples: [
          'save my details',
          'add me as a customer',
          'please keep my contact information',
          'put me in your system',
        ],
        request: {
          method: 'POST',
          url: 'https://api.hubapi.com/crm/v3/objects/contacts',
          headers: { Authorization: 'Bearer {{auth.accessToken}}' },
          query: {},
          body: {
            properties: {
              firstname: '{{args.firstname}}',
              lastname: '{{args.lastname}}',
              email: '{{args.email}}',
              phone: '{{args.phone|conversation.contactPhone}}',
            },
          },
        },
        messages: { complete: 'Thank you, {{args.firstname}}, I have saved your details.' },
      },
    ],
    check: {
      method: 'GET',
      url: 'https://api.hubapi.com/crm/v3/objects/contacts',
      headers: { Authorization: 'Bearer {{auth.accessToken}}' },
      query: { limit: '1' },
    },
  },
];

/** The catalogue, validated once at load (a bad definition fails the server's start, not a call). */
export const builtInApps: readonly AppDefinition[] = definitions.map((definition) =>
  appDefinitionSchema.parse(definition),
);

export function builtInApp(appId: string, appVersion: string): AppDefinition | null {
  return builtInApps.find((app) => app.appId === appId && app.appVersion === appVersion) ?? null;
}

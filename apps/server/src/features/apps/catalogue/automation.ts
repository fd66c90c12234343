import type { AppDefinitionInput } from '@switchboard/contract';
import { conversationFields } from './conversation-fields';

export const webhookApp: AppDefinitionInput = {
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
};

export const zapierApp: AppDefinitionInput = {
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
      description: 'Send the details the caller gave to the Zap, which files them where the business works.',
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
};

import type { AppDefinitionInput } from '@switchboard/contract';

export const hubspotApp: AppDefinitionInput = {
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
};

import type { AppDefinitionInput } from '@switchboard/contract';

export const slackApp: AppDefinitionInput = {
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
};

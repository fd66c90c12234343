import type { BuiltInTemplate } from './template-parts';
import { field, endCall, takeMessage, transferTo } from './template-parts';

export const afterHours: BuiltInTemplate = {
  id: 'after-hours',
  name: 'After-hours answering',
  description:
    'Answers when the business is closed: takes messages, says when someone will call back and puts real emergencies through to the on-call person.',
  category: 'Answering service',
  fields: [
    field('businessName', 'Business name', 'Globex Plumbing'),
    field('openingHours', 'Opening hours', 'Monday to Friday from 8 am to 6 pm', {
      description: 'Completes the sentence "We are open …".',
    }),
    field('address', 'Address', '9 Harbor Road, Tampa, FL 33602'),
    field('emergencyDefinition', 'What counts as an emergency', 'a burst pipe, flooding, or a gas smell', {
      description: 'Completes the sentence "An emergency is …".',
    }),
    field(
      'callbackPromise',
      'When messages are returned',
      'We return every message by 10 am on the next business day.',
      {
        type: 'textarea',
      },
    ),
    field('transferNumber', 'On-call number', '+15125550190', {
      type: 'phone',
      description: 'Who takes emergencies out of hours (E.164).',
    }),
  ],
  config: {
    title: '{{businessName}} after hours',
    description: 'Answers calls for {{businessName}} while it is closed.',
    welcomeMessage:
      'Thank you for calling {{businessName}}. Our office is closed right now, but I can take a message or help with an emergency.',
    agentInstructions: [
      'You answer calls for {{businessName}} outside opening hours.',
      '',
      'Facts about the business:',
      'We are open {{openingHours}}.',
      'Our address is {{address}}.',
      'An emergency is {{emergencyDefinition}}.',
      '{{callbackPromise}}',
      '',
      'How to help callers:',
      'Tell the caller the office is closed and when it opens again.',
      'Ask what the call is about.',
      'If it is an emergency, transfer the call to the on-call person straight away.',
      'Otherwise take a message with their name, number and what they need, and tell them when we will call back.',
      'Do not book work, quote prices or promise a visit time.',
    ].join('\n'),
    actions: [
      takeMessage('Take a message for every caller who does not have an emergency.'),
      transferTo('on-call', 'Transfer to the on-call person only for an emergency.'),
      {
        name: 'collect_data',
        instructions: 'Record who called and how urgent it is.',
        fields: [
          { key: 'callerName', label: 'Caller name', type: 'text', required: true },
          { key: 'phone', label: 'Phone number', type: 'phone', required: true },
          { key: 'issue', label: 'What the call is about', type: 'text', required: true },
          {
            key: 'urgency',
            label: 'Urgency',
            type: 'choice',
            required: true,
            choices: ['Emergency', 'Today', 'Next business day'],
          },
        ],
      },
      endCall,
    ],
    knowledge: [
      'Frequently asked questions about {{businessName}}:',
      'When are you open? We are open {{openingHours}}.',
      'Where are you? Our address is {{address}}.',
      'When will someone call me back? {{callbackPromise}}',
    ].join('\n'),
  },
};

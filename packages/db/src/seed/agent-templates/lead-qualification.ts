import type { BuiltInTemplate } from './template-parts';
import { field, weekdays, endCall, takeMessage, transferTo } from './template-parts';

export const leadQualification: BuiltInTemplate = {
  id: 'lead-qualification',
  name: 'Lead qualification',
  description:
    'Qualifies new enquiries: asks the questions sales needs, records the answers, books a consultation and transfers hot leads.',
  category: 'Sales',
  fields: [
    field('businessName', 'Business name', 'Sunrise Solar'),
    field('businessDescription', 'What the business does', 'installs solar panels on homes', {
      description: 'Completes the sentence "{{businessName}} …".',
    }),
    field('serviceArea', 'Service area', 'Austin and the rest of Travis County'),
    field(
      'pricing',
      'Typical prices',
      'Most home systems cost between $12,000 and $25,000 before incentives.',
      {
        type: 'textarea',
      },
    ),
    field(
      'idealCustomer',
      'Who is a good fit',
      'homeowners in our service area who want to start within six months',
      {
        description: 'Completes the sentence "A good fit is …".',
      },
    ),
    field('openingHours', 'Office hours', 'Monday to Friday from 8 am to 5 pm', {
      description: 'Completes the sentence "Our office is open …".',
    }),
    field('transferNumber', 'Sales team number', '+15125550123', {
      type: 'phone',
      description: 'Where qualified callers are transferred (E.164).',
    }),
  ],
  config: {
    title: '{{businessName}} enquiries',
    description: 'Qualifies new enquiries for {{businessName}}.',
    welcomeMessage: 'Thanks for calling {{businessName}}. Are you calling about a new project?',
    agentInstructions: [
      'You answer new enquiries for {{businessName}} and find out whether the caller is a good fit.',
      '',
      'Facts about the business:',
      '{{businessName}} {{businessDescription}}.',
      'We work in {{serviceArea}}.',
      '{{pricing}}',
      'A good fit is {{idealCustomer}}.',
      'Our office is open {{openingHours}}.',
      '',
      'How to qualify a caller:',
      'Ask one question at a time, in this order: their name, where the project is, what they want done, their budget, and when they want to start.',
      'Also ask for the best phone number and email address.',
      'Record each answer as soon as the caller gives it.',
      'If the caller is a good fit and the office is open, offer to transfer them to the sales team now.',
      'If the office is closed, or they prefer, book a free consultation.',
      'If the caller is not a good fit, thank them politely and explain why we cannot help.',
      'Never promise a final price: only sales can quote after seeing the project.',
    ].join('\n'),
    actions: [
      {
        name: 'collect_data',
        instructions: 'Record every qualification answer the caller gives.',
        fields: [
          { key: 'fullName', label: 'Full name', type: 'text', required: true },
          { key: 'phone', label: 'Phone number', type: 'phone', required: true },
          { key: 'email', label: 'Email address', type: 'email', required: false },
          { key: 'projectLocation', label: 'Project location', type: 'text', required: true },
          { key: 'projectDescription', label: 'What they want done', type: 'text', required: true },
          { key: 'budget', label: 'Budget in dollars', type: 'number', required: false },
          {
            key: 'timeline',
            label: 'When they want to start',
            type: 'choice',
            required: true,
            choices: ['Within a month', 'In 1 to 3 months', 'In 3 to 6 months', 'Later than 6 months'],
          },
          { key: 'goodFit', label: 'Good fit', type: 'boolean', required: true },
        ],
      },
      transferTo('sales team', 'Transfer qualified callers to the sales team while the office is open.'),
      {
        name: 'book_appointment',
        instructions: 'Book a free 30-minute consultation with sales for a qualified caller.',
        booking: {
          durationMinutes: 30,
          days: weekdays,
          startTime: '08:00',
          endTime: '17:00',
          horizonDays: 30,
        },
      },
      takeMessage('Take a message when the caller only wants a call back.'),
      endCall,
    ],
    knowledge: [
      'Frequently asked questions about {{businessName}}:',
      'What do you do? {{businessName}} {{businessDescription}}.',
      'Where do you work? We work in {{serviceArea}}.',
      'How much does it cost? {{pricing}}',
      'When is the office open? Our office is open {{openingHours}}.',
    ].join('\n'),
  },
};

import type { BuiltInTemplate } from './template-parts';
import { field, endCall, takeMessage, transferTo } from './template-parts';

export const realEstate: BuiltInTemplate = {
  id: 'real-estate',
  name: 'Real-estate inquiries',
  description:
    'Answers questions about listings, qualifies buyers, sellers and renters, books viewings and puts serious callers through to the agent.',
  category: 'Real estate',
  fields: [
    field('businessName', 'Agency name', 'Harbor Realty'),
    field('agentName', 'Agent name', 'Maria Lopez'),
    field('serviceArea', 'Area covered', 'downtown Seattle and Capitol Hill'),
    field('openingHours', 'Office hours', 'Monday to Saturday from 9 am to 6 pm', {
      description: 'Completes the sentence "Our office is open …".',
    }),
    field('address', 'Office address', '1500 Pine Street, Seattle, WA 98101'),
    field(
      'listings',
      'Current listings',
      '12 Oak Lane is a 3-bedroom, 2-bathroom house listed at $650,000. 8 Bay View, apartment 4B, is a 1-bedroom apartment for rent at $2,100 a month.',
      { type: 'textarea', description: 'One sentence per property, with its address, size and price.' },
    ),
    field('transferNumber', 'Agent number', '+12065550177', {
      type: 'phone',
      description: 'Where serious buyers and sellers are transferred (E.164).',
    }),
  ],
  config: {
    title: '{{businessName}} inquiries',
    description: 'Answers property inquiries for {{businessName}}.',
    welcomeMessage: 'Thank you for calling {{businessName}}. Are you calling about one of our properties?',
    agentInstructions: [
      'You answer property inquiries for {{businessName}} on behalf of {{agentName}}.',
      '',
      'Facts about the agency:',
      'We work in {{serviceArea}}.',
      'Our office is open {{openingHours}}.',
      'Our office address is {{address}}.',
      '{{listings}}',
      '',
      'How to help callers:',
      'Find out whether the caller wants to buy, sell or rent, and which property or area interests them.',
      'Answer questions about our listings from the facts above only.',
      'Ask for their name, phone number, email, budget and whether they already have mortgage pre-approval, and record each answer.',
      'Offer to book a viewing for a listed property.',
      'When a caller wants to sell, or is ready to make an offer, transfer them to {{agentName}}.',
      'If {{agentName}} cannot take the call, take a message.',
      'Never give legal or mortgage advice and never guess a price that is not listed.',
    ].join('\n'),
    actions: [
      {
        name: 'collect_data',
        instructions: 'Record who the caller is and what they are looking for.',
        fields: [
          { key: 'fullName', label: 'Full name', type: 'text', required: true },
          { key: 'phone', label: 'Phone number', type: 'phone', required: true },
          { key: 'email', label: 'Email address', type: 'email', required: false },
          {
            key: 'interest',
            label: 'Looking to',
            type: 'choice',
            required: true,
            choices: ['Buy', 'Sell', 'Rent'],
          },
          { key: 'property', label: 'Property or area of interest', type: 'text', required: false },
          { key: 'budget', label: 'Budget in dollars', type: 'number', required: false },
          { key: 'preApproved', label: 'Mortgage pre-approved', type: 'boolean', required: false },
        ],
      },
      {
        name: 'book_appointment',
        instructions: 'Book a viewing of a listed property once the caller confirms the day and time.',
        booking: {
          durationMinutes: 30,
          days: [1, 2, 3, 4, 5, 6],
          startTime: '09:00',
          endTime: '18:00',
          horizonDays: 30,
        },
      },
      transferTo('{{agentName}}', 'Transfer sellers and callers ready to make an offer to the agent.'),
      takeMessage('Take a message when the agent cannot take the call.'),
      endCall,
    ],
    knowledge: [
      'Frequently asked questions about {{businessName}}:',
      'Where do you work? We work in {{serviceArea}}.',
      'When is the office open? Our office is open {{openingHours}}.',
      'Where is the office? Our office address is {{address}}.',
      'What properties do you have? {{listings}}',
    ].join('\n'),
  },
};

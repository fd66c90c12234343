import type { BuiltInTemplate } from './template-parts';
import {
  field,
  businessName,
  openingHours,
  address,
  transferNumber,
  weekdays,
  endCall,
  takeMessage,
  transferTo,
} from './template-parts';

export const receptionist: BuiltInTemplate = {
  id: 'receptionist',
  name: 'Receptionist',
  description:
    'Answers every call for a small business: opening hours, location, services and prices, books appointments, transfers to the front desk and takes messages.',
  category: 'General',
  fields: [
    businessName,
    field('businessDescription', 'What the business is', 'a family dental practice', {
      description: 'Completes the sentence "{{businessName}} is …".',
    }),
    openingHours,
    address,
    field('services', 'Services', 'check-ups, cleanings, fillings, crowns and teeth whitening', {
      type: 'textarea',
      description: 'Completes the sentence "We offer …".',
    }),
    field('prices', 'Prices', 'A check-up with cleaning costs $95. Teeth whitening costs $350.', {
      type: 'textarea',
      description: 'One sentence per price.',
    }),
    field('parking', 'Parking and access', 'Free parking is available behind the building.', {
      type: 'textarea',
    }),
    transferNumber,
  ],
  config: {
    title: '{{businessName}} receptionist',
    description: 'Answers calls and messages for {{businessName}}.',
    welcomeMessage: 'Thank you for calling {{businessName}}. How can I help you today?',
    agentInstructions: [
      'You are the receptionist of {{businessName}}. You answer its phone calls and text messages.',
      '',
      'Facts about the business:',
      '{{businessName}} is {{businessDescription}}.',
      'We are open {{openingHours}}.',
      'Our address is {{address}}.',
      'We offer {{services}}.',
      '{{prices}}',
      '{{parking}}',
      '',
      'How to help callers:',
      'Find out what the caller needs and answer from the facts above in one or two short sentences.',
      'When a caller wants an appointment, ask for their name, the reason for the visit and a day and time that suits them, then book it.',
      'Only offer times when we are open.',
      'When a caller asks for a person, or has a problem you cannot solve, transfer the call to the front desk.',
      'When nobody can take the call, or the caller prefers, take a message.',
      'Never make up prices, availability or policies that are not written here. If you do not know, say so and offer to take a message.',
      'Do not give medical, legal or financial advice.',
    ].join('\n'),
    actions: [
      {
        name: 'book_appointment',
        instructions:
          'Book an appointment when the caller asks for one. Confirm the day, time and the caller name before booking.',
        booking: {
          durationMinutes: 30,
          days: weekdays,
          startTime: '09:00',
          endTime: '17:00',
          horizonDays: 60,
        },
      },
      transferTo(
        'front desk',
        'Transfer to the front desk when the caller asks for a person or has a problem you cannot solve.',
      ),
      takeMessage('Take a message when the caller wants to leave one or nobody can take the call.'),
      endCall,
    ],
    knowledge: [
      'Frequently asked questions about {{businessName}}:',
      'When are you open? We are open {{openingHours}}.',
      'Where are you? Our address is {{address}}.',
      'What do you offer? We offer {{services}}.',
      'How much does it cost? {{prices}}',
      'Where can I park? {{parking}}',
    ].join('\n'),
  },
};

import type { BuiltInTemplate } from './template-parts';
import { field, transferNumber, endCall, takeMessage, transferTo } from './template-parts';

export const appointmentBooking: BuiltInTemplate = {
  id: 'appointment-booking',
  name: 'Appointment booking',
  description:
    'Books, moves and explains appointments for salons, clinics and studios, with services, prices and the cancellation policy.',
  category: 'Scheduling',
  fields: [
    field('businessName', 'Business name', 'Bella Hair Studio'),
    field('businessType', 'Kind of business', 'hair salon', {
      description: 'Completes the sentence "{{businessName}} is a …".',
    }),
    field('openingHours', 'Opening hours', 'Tuesday to Saturday from 10 am to 7 pm', {
      description: 'Completes the sentence "We are open …".',
    }),
    field('address', 'Address', '45 Elm Street, Portland, OR 97205'),
    field('services', 'Services and prices', 'A women’s haircut costs $65. A men’s haircut costs $40.', {
      type: 'textarea',
      description: 'One sentence per service, with its price and length.',
    }),
    field(
      'cancellationPolicy',
      'Cancellation policy',
      'Please give us 24 hours notice to cancel or move an appointment.',
      { type: 'textarea' },
    ),
    transferNumber,
  ],
  config: {
    title: '{{businessName}} bookings',
    description: 'Books appointments for {{businessName}}.',
    welcomeMessage: 'Hi, thanks for calling {{businessName}}. Would you like to book an appointment?',
    agentInstructions: [
      'You book appointments for {{businessName}}.',
      '',
      'Facts about the business:',
      '{{businessName}} is a {{businessType}}.',
      'We are open {{openingHours}}.',
      'Our address is {{address}}.',
      '{{services}}',
      '{{cancellationPolicy}}',
      '',
      'How to book:',
      'Ask which service the caller wants, then the day and time they prefer.',
      'Offer only times when we are open. If the time they want is taken, offer the nearest free time.',
      "Before booking, repeat the service, day, time and the caller's name, and ask them to confirm.",
      'After booking, remind the caller of the cancellation policy.',
      'When a caller wants to cancel or move an appointment, take a message with their name, number and the appointment to change.',
      'When a caller asks for a person, transfer the call.',
      'Never promise a price or a service that is not listed here.',
    ].join('\n'),
    actions: [
      {
        name: 'book_appointment',
        instructions: 'Book the service the caller chose once they confirm the day and time.',
        booking: {
          durationMinutes: 60,
          days: [2, 3, 4, 5, 6],
          startTime: '10:00',
          endTime: '19:00',
          horizonDays: 45,
        },
      },
      {
        name: 'collect_data',
        instructions: 'Record who the appointment is for and which service they booked.',
        fields: [
          { key: 'customerName', label: 'Customer name', type: 'text', required: true },
          { key: 'phone', label: 'Phone number', type: 'phone', required: true },
          { key: 'service', label: 'Service', type: 'text', required: true },
          { key: 'firstVisit', label: 'First visit', type: 'boolean', required: false },
        ],
      },
      takeMessage('Take a message when the caller wants to cancel or move an appointment.'),
      transferTo('front desk', 'Transfer to the front desk when the caller asks for a person.'),
      endCall,
    ],
    knowledge: [
      'Frequently asked questions about {{businessName}}:',
      'When are you open? We are open {{openingHours}}.',
      'Where are you? Our address is {{address}}.',
      'What can I book, and how much is it? {{services}}',
      'Can I cancel? {{cancellationPolicy}}',
    ].join('\n'),
  },
};

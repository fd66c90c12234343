/**
 * The built-in agent templates. Each fact of the business is a {{variable}} filled from the template's fields, and
 * facts are written as plain, separate sentences so both a person and the model can read them one at a time. The
 * configs are partial agent configs: fields left out take the schema defaults when read.
 */

export interface BuiltInTemplateField {
  key: string;
  label: string;
  type: 'text' | 'textarea' | 'phone' | 'email' | 'url' | 'number';
  placeholder: string;
  example: string;
  description: string;
  required: boolean;
}

export interface BuiltInTemplate {
  id: string;
  name: string;
  description: string;
  category: string;
  fields: BuiltInTemplateField[];
  config: Record<string, unknown>;
}

const field = (
  key: string,
  label: string,
  example: string,
  options: { type?: BuiltInTemplateField['type']; description?: string; placeholder?: string } = {},
): BuiltInTemplateField => ({
  key,
  label,
  type: options.type ?? 'text',
  placeholder: options.placeholder ?? example,
  example,
  description: options.description ?? '',
  required: true,
});

const businessName = field('businessName', 'Business name', 'Acme Dental');
const openingHours = field('openingHours', 'Opening hours', 'Monday to Friday from 9 am to 6 pm', {
  description: 'Completes the sentence "We are open …".',
});
const address = field('address', 'Address', '120 Main Street, Springfield, IL 62701');
const transferNumber = field('transferNumber', 'Number for live transfers', '+15125550100', {
  type: 'phone',
  description: 'Where callers are transferred when they ask for a person (E.164, e.g. +15125550100).',
});

const weekdays = [1, 2, 3, 4, 5];

const endCall = {
  name: 'end_conversation',
  instructions: 'End the call once the caller has what they need and says goodbye.',
};

const takeMessage = (when: string) => ({
  name: 'take_message',
  instructions: `${when} Always get the caller's name, the best number to call back and the message itself, then read the number back to confirm it.`,
});

const transferTo = (name: string, when: string) => ({
  name: 'transfer_call',
  instructions: when,
  destinations: [{ name, number: '{{transferNumber}}' }],
});

const receptionist: BuiltInTemplate = {
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

const appointmentBooking: BuiltInTemplate = {
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

const leadQualification: BuiltInTemplate = {
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

const afterHours: BuiltInTemplate = {
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

const restaurantOrders: BuiltInTemplate = {
  id: 'restaurant-orders',
  name: 'Restaurant orders',
  description:
    'Takes pickup and delivery orders from the menu, reserves tables and answers questions about hours, location and delivery.',
  category: 'Food and drink',
  fields: [
    field('businessName', 'Restaurant name', 'Luigi’s Pizzeria'),
    field('cuisine', 'Kind of food', 'Neapolitan pizza and fresh pasta', {
      description: 'Completes the sentence "We serve …".',
    }),
    field('openingHours', 'Opening hours', 'every day from 11:30 am to 10 pm', {
      description: 'Completes the sentence "We are open …".',
    }),
    field('address', 'Address', '300 Market Street, San Francisco, CA 94103'),
    field(
      'menu',
      'Menu with prices',
      'Margherita pizza costs $14. Pepperoni pizza costs $16. Spaghetti carbonara costs $17. Tiramisu costs $8.',
      { type: 'textarea', description: 'One sentence per dish, with its price.' },
    ),
    field(
      'deliveryInfo',
      'Delivery and pickup',
      'We deliver within 3 miles for a $4 fee. Delivery takes about 45 minutes. Pickup orders are ready in about 20 minutes.',
      { type: 'textarea' },
    ),
    field('transferNumber', 'Manager number', '+14155550142', {
      type: 'phone',
      description: 'Where callers are transferred for complaints or large events (E.164).',
    }),
  ],
  config: {
    title: '{{businessName}} orders',
    description: 'Takes orders and reservations for {{businessName}}.',
    welcomeMessage:
      'Hi, thanks for calling {{businessName}}. Would you like to place an order or book a table?',
    agentInstructions: [
      'You take orders and table reservations for {{businessName}}.',
      '',
      'Facts about the restaurant:',
      'We serve {{cuisine}}.',
      'We are open {{openingHours}}.',
      'Our address is {{address}}.',
      '{{menu}}',
      '{{deliveryInfo}}',
      '',
      'How to take an order:',
      'Ask whether the order is for pickup or delivery.',
      'Take the items one by one, and only offer dishes on the menu.',
      'For delivery, get the full address. For every order, get a name and phone number.',
      'Read the whole order back with the total price and ask the caller to confirm it, then record it.',
      'For a table, ask for the day, time, number of people and a name, then book it.',
      'When a caller has a complaint or asks for the manager, transfer the call.',
      'Never take an order outside opening hours or promise a dish that is not on the menu.',
    ].join('\n'),
    actions: [
      {
        name: 'collect_data',
        instructions: 'Record each confirmed order.',
        fields: [
          { key: 'customerName', label: 'Customer name', type: 'text', required: true },
          { key: 'phone', label: 'Phone number', type: 'phone', required: true },
          {
            key: 'orderType',
            label: 'Pickup or delivery',
            type: 'choice',
            required: true,
            choices: ['Pickup', 'Delivery'],
          },
          { key: 'items', label: 'Items ordered', type: 'text', required: true },
          { key: 'total', label: 'Order total in dollars', type: 'number', required: true },
          { key: 'deliveryAddress', label: 'Delivery address', type: 'text', required: false },
          { key: 'notes', label: 'Allergies or special requests', type: 'text', required: false },
        ],
      },
      {
        name: 'book_appointment',
        instructions: 'Reserve a table once the caller confirms the day, time, party size and name.',
        booking: {
          durationMinutes: 90,
          days: [1, 2, 3, 4, 5, 6, 7],
          startTime: '11:30',
          endTime: '21:00',
          horizonDays: 30,
        },
      },
      transferTo('manager', 'Transfer to the manager for complaints, catering or groups larger than 10.'),
      takeMessage('Take a message when the caller wants the manager to call back.'),
      endCall,
    ],
    knowledge: [
      'Frequently asked questions about {{businessName}}:',
      'What food do you serve? We serve {{cuisine}}.',
      'When are you open? We are open {{openingHours}}.',
      'Where are you? Our address is {{address}}.',
      'What is on the menu? {{menu}}',
      'Do you deliver? {{deliveryInfo}}',
    ].join('\n'),
  },
};

const realEstate: BuiltInTemplate = {
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

export const builtInAgentTemplates: readonly BuiltInTemplate[] = [
  receptionist,
  appointmentBooking,
  leadQualification,
  afterHours,
  restaurantOrders,
  realEstate,
];

import type { BuiltInTemplate } from './template-parts';
import { field, endCall, takeMessage, transferTo } from './template-parts';

export const restaurantOrders: BuiltInTemplate = {
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

// The pieces the built-in templates share: field definitions and action builders.

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

export const field = (
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

export const businessName = field('businessName', 'Business name', 'Acme Dental');
export const openingHours = field('openingHours', 'Opening hours', 'Monday to Friday from 9 am to 6 pm', {
  description: 'Completes the sentence "We are open …".',
});
export const address = field('address', 'Address', '120 Main Street, Springfield, IL 62701');
export const transferNumber = field('transferNumber', 'Number for live transfers', '+15125550100', {
  type: 'phone',
  description: 'Where callers are transferred when they ask for a person (E.164, e.g. +15125550100).',
});

export const weekdays = [1, 2, 3, 4, 5];

export const endCall = {
  name: 'end_conversation',
  instructions: 'End the call once the caller has what they need and says goodbye.',
};

export const takeMessage = (when: string) => ({
  name: 'take_message',
  instructions: `${when} Always get the caller's name, the best number to call back and the message itself, then read the number back to confirm it.`,
});

export const transferTo = (name: string, when: string) => ({
  name: 'transfer_call',
  instructions: when,
  destinations: [{ name, number: '{{transferNumber}}' }],
});

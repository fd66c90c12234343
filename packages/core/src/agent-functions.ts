/**
 * The built-in functions an agent can be given. The studio lists them (GET /api/v2/agent/functions), the agent's
 * `actions` name them verbatim, and the runtime implements each one as a tool the model may call.
 */

/** A JSON Schema object (the subset tool definitions use): what the model must send when it calls the function. */
export interface FunctionParameters {
  type: 'object';
  properties: Record<string, FunctionParameter>;
  required: readonly string[];
  additionalProperties?: false;
}

export interface FunctionParameter {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  description: string;
  enum?: readonly string[];
  format?: 'date' | 'time' | 'date-time' | 'email';
  items?: FunctionParameter;
}

export interface AgentFunctionDefinition {
  /** Stored verbatim in `actions[].name`; also the tool name the model sees. */
  name: AgentFunctionName;
  title: string;
  /** What the model reads to decide when to call it. */
  description: string;
  parameters: FunctionParameters;
  /** Sample instructions shown in the editor's action box. */
  placeholder: string;
  /** Uses root-level campaign fields (confirmTransfers, collectFields, booking rules...). */
  hasSettings: boolean;
  /** At most this many instances per agent. */
  limit: number;
  /** The runtime offers it even when the agent's actions do not list it. */
  alwaysOn: boolean;
}

export const agentFunctionNames = [
  'end_conversation',
  'transfer_call',
  'send_sms',
  'take_message',
  'collect_data',
  'book_appointment',
  'query_knowledge_base',
] as const;

export type AgentFunctionName = (typeof agentFunctionNames)[number];

export function isAgentFunctionName(value: unknown): value is AgentFunctionName {
  return typeof value === 'string' && (agentFunctionNames as readonly string[]).includes(value);
}

export const agentFunctions: readonly AgentFunctionDefinition[] = [
  {
    name: 'end_conversation',
    title: 'End conversation',
    description:
      'End the call or chat politely once the caller has what they need or says goodbye. Say a short farewell in `farewell`.',
    parameters: {
      type: 'object',
      properties: {
        farewell: { type: 'string', description: 'The last sentence to say before hanging up.' },
        reason: { type: 'string', description: 'Why the conversation ended, for the log.' },
      },
      required: [],
      additionalProperties: false,
    },
    placeholder: 'End the call once the caller says goodbye or has no more questions.',
    hasSettings: false,
    limit: 1,
    alwaysOn: true,
  },
  {
    name: 'transfer_call',
    title: 'Call transfer',
    description:
      'Transfer the caller to a person or department. Use one of the configured destinations; pass its number or name.',
    parameters: {
      type: 'object',
      properties: {
        destination: {
          type: 'string',
          description: 'The phone number (E.164) or the name of a configured destination.',
        },
        reason: { type: 'string', description: 'What the caller needs, told to the person who answers.' },
        confirmed: {
          type: 'boolean',
          description:
            'Set to true only after the caller said yes to being transferred, when the function asked you to confirm first.',
        },
      },
      required: ['destination'],
      additionalProperties: false,
    },
    placeholder: 'If the caller asks for billing, transfer to +15125551234.',
    hasSettings: true,
    limit: 10,
    alwaysOn: false,
  },
  {
    name: 'send_sms',
    title: 'Send SMS',
    description:
      "Send a text message to the caller's phone (or another number), for example a link or a confirmation.",
    parameters: {
      type: 'object',
      properties: {
        to: {
          type: 'string',
          description: "The recipient's phone number; the caller's number when omitted.",
        },
        text: { type: 'string', description: 'The message to send.' },
      },
      required: ['text'],
      additionalProperties: false,
    },
    placeholder: 'When the caller asks for the menu, text them https://example.com/menu.',
    hasSettings: true,
    limit: 5,
    alwaysOn: false,
  },
  {
    name: 'take_message',
    title: 'Take a message',
    description:
      'Take a message for the team when the caller wants to leave one or the agent cannot help. Collect the name, a callback number and the message.',
    parameters: {
      type: 'object',
      properties: {
        name: { type: 'string', description: "The caller's name." },
        callbackNumber: { type: 'string', description: 'The number to call back.' },
        message: { type: 'string', description: 'The message, in the caller’s words.' },
      },
      required: ['message'],
      additionalProperties: false,
    },
    placeholder: 'Take a message when the caller asks for someone who is not available.',
    hasSettings: false,
    limit: 1,
    alwaysOn: false,
  },
  {
    name: 'collect_data',
    title: 'Collect data',
    description:
      'Record information the caller gave for the fields this agent collects (see the field list).',
    parameters: {
      type: 'object',
      properties: {
        field: { type: 'string', description: 'The key of the field being recorded.' },
        value: { type: 'string', description: 'The value the caller gave.' },
      },
      required: ['field', 'value'],
      additionalProperties: false,
    },
    placeholder: 'Collect the caller’s name, email and what they are calling about.',
    hasSettings: true,
    limit: 1,
    alwaysOn: false,
  },
  {
    name: 'book_appointment',
    title: 'Schedule',
    description:
      "Book an appointment in the business's calendar at a date and time the caller chose, in the agent's time zone.",
    parameters: {
      type: 'object',
      properties: {
        date: { type: 'string', format: 'date', description: 'The day, as YYYY-MM-DD.' },
        time: { type: 'string', format: 'time', description: 'The start time, as HH:MM (24-hour).' },
        name: { type: 'string', description: 'Who the appointment is for.' },
        purpose: { type: 'string', description: 'What the appointment is about.' },
        durationMinutes: {
          type: 'integer',
          description: 'The length in minutes; the booking rule default when omitted.',
        },
      },
      required: ['date', 'time'],
      additionalProperties: false,
    },
    placeholder: 'Offer to book a 30-minute consultation on weekdays between 9am and 5pm.',
    hasSettings: true,
    limit: 1,
    alwaysOn: false,
  },
  {
    name: 'query_knowledge_base',
    title: 'Knowledge base',
    description:
      "Look up facts in the business's knowledge (its web pages and documents) to answer a question.",
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'The question to look up.' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    placeholder: 'Answer questions about prices and policies from the knowledge base.',
    hasSettings: false,
    limit: 1,
    alwaysOn: false,
  },
];

export function agentFunction(name: AgentFunctionName): AgentFunctionDefinition {
  const found = agentFunctions.find((definition) => definition.name === name);
  if (!found) throw new Error(`Unknown agent function: ${name}`);
  return found;
}

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';

/** Where the softphone's call audio flows: a WebSocket per call, `?token=` the session token. */
export const sandboxPhoneStreamPath = '/api/sandbox/phone/calls/:callId/stream';

/**
 * Where an open softphone page hears its incoming calls: a WebSocket, `?token=` the session token, carrying
 * `{ event: 'incoming', callId, from, to, ringSeconds }` and `{ event: 'ringEnded', callId, reason }`.
 */
export const sandboxPhoneEventsPath = '/api/sandbox/phone/events';

/** The sandbox phone network's caller numbers for softphones: +1 (555) 555-0100 to -9999, never sold. */
export const softphoneNumberPattern = /^\+1555555(0[1-9]\d\d|[1-9]\d{3})$/;

const softphoneView = okBody({
  /** The person's own caller number on the sandbox phone network. */
  phoneNumber: z.string(),
  sandbox: z.literal(true),
});

const dialedCall = okBody({
  callId: z.string(),
  from: z.string(),
  to: z.string(),
  /**
   * `in-progress`: connect to the stream (where a number not in service plays the intercept tones and
   * `announcement`); `completed`: the network answered with `announcement` (a keypad code's confirmation) and
   * ended it.
   */
  status: z.enum(['in-progress', 'completed']),
  /** What the network says instead of connecting (not in service, a forwarding code's result), else null. */
  announcement: z.string().nullable(),
});

const softphoneText = z.object({
  id: z.number().int(),
  /** `sent`: from the softphone; `received`: to it (an agent's text, or the carrier's reply to HELP). */
  direction: z.enum(['sent', 'received']),
  from: z.string().nullable(),
  to: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

const callIdParams = z.object({
  callId: z
    .string()
    .trim()
    .regex(/^SBCA[0-9a-f]{32}$/, 'is not a sandbox call id')
    .meta({ examples: ['SBCA0123456789abcdef0123456789abcdef'] }),
});

/**
 * The sandbox phone network's softphone (the browser page /app/dev/phone): the person's fictional caller
 * number, dialing any number (a call to an agent's number enters the same call path a carrier's call does), and
 * hanging up. Exists only while telephony uses the sandbox network; otherwise 404.
 */
export const sandboxPhoneEndpoints = {
  softphone: defineEndpoint({
    area: 'telephony',
    method: 'GET',
    path: '/api/sandbox/phone',
    summary: 'Your softphone on the sandbox phone network: the fictional number you call from',
    description:
      'Every signed-in person gets a caller number in +1 (555) 555-0100…9999, a range the sandbox carrier never ' +
      'sells. Exists only while telephony uses the sandbox network; otherwise 404.',
    guard: 'session',
    response: softphoneView,
  }),
  chooseSoftphoneNumber: defineEndpoint({
    area: 'telephony',
    method: 'PUT',
    path: '/api/sandbox/phone',
    summary: 'Choose your softphone number on the sandbox phone network',
    description: 'A number in +1 (555) 555-0100…9999 no one else uses; 409 when someone does.',
    guard: 'session',
    body: z.object({
      phoneNumber: z
        .string()
        .trim()
        .regex(softphoneNumberPattern, 'must be a softphone number, +1555555 and four digits from 0100')
        .meta({ examples: ['+15555550123'] }),
    }),
    response: softphoneView,
  }),
  dialSandboxCall: defineEndpoint({
    area: 'telephony',
    method: 'POST',
    path: '/api/sandbox/phone/calls',
    summary: 'Call a number from your softphone (sandbox phone network)',
    description:
      "A call to an agent's number is answered by the agent: open the call's stream (" +
      `${sandboxPhoneStreamPath}) within 30 seconds to talk. A number no agent holds plays the ` +
      'not-in-service intercept on the stream and the call ends. *72 and a number forwards your softphone ' +
      "number's calls there, *73 stops forwarding.",
    guard: 'session',
    body: z.object({
      to: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(32)
        .meta({ examples: ['+13035550100'] }),
    }),
    response: dialedCall,
    successStatus: 201,
  }),
  answerSandboxCall: defineEndpoint({
    area: 'telephony',
    method: 'POST',
    path: '/api/sandbox/phone/calls/:callId/answer',
    summary: 'Answer a call ringing your softphone (sandbox phone network)',
    description:
      'A call an agent placed to your softphone number rings your open softphone page; answering connects it: ' +
      `open the call's stream (${sandboxPhoneStreamPath}) within 30 seconds to talk. 404 when no call of yours ` +
      'with this id is ringing.',
    guard: 'session',
    params: callIdParams,
    response: dialedCall,
  }),
  declineSandboxCall: defineEndpoint({
    area: 'telephony',
    method: 'POST',
    path: '/api/sandbox/phone/calls/:callId/decline',
    summary: 'Decline a call ringing your softphone: the caller hears busy',
    guard: 'session',
    params: callIdParams,
    response: okBody({ status: z.literal('busy') }),
  }),
  hangUpSandboxCall: defineEndpoint({
    area: 'telephony',
    method: 'POST',
    path: '/api/sandbox/phone/calls/:callId/hangUp',
    summary: 'Hang up a call of your softphone',
    guard: 'session',
    params: callIdParams,
    response: okBody({ status: z.string() }),
  }),
  softphoneTexts: defineEndpoint({
    area: 'telephony',
    method: 'GET',
    path: '/api/sandbox/phone/texts',
    summary: "Your softphone's texts on the sandbox phone network, newest first",
    description:
      'The texts you sent from your softphone number and those sent to it (an agent texting that number reaches ' +
      'it here). Exists only while telephony uses the sandbox network; otherwise 404.',
    guard: 'session',
    response: okBody({ phoneNumber: z.string(), items: z.array(softphoneText) }),
  }),
  sendSoftphoneText: defineEndpoint({
    area: 'telephony',
    method: 'POST',
    path: '/api/sandbox/phone/texts',
    summary: 'Text a number from your softphone (sandbox phone network)',
    description:
      "A text to an agent's number enters the same path as the carrier's messaging webhook: STOP, START and " +
      'HELP are the carrier keywords, anything else reaches the agent, whose reply comes back to your softphone.',
    guard: 'session',
    body: z.object({
      to: z
        .string()
        .trim()
        .min(1, 'is required')
        .max(32)
        .meta({ examples: ['+13035550100'] }),
      text: z.string().trim().min(1, 'is required').max(1600),
    }),
    response: okBody({ text: softphoneText }),
    successStatus: 201,
  }),
};

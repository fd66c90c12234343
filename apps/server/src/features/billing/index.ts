// What other parts of the server use of billing: the webhook's subscription events and the unpaid gate.
export { applySubscriptionEvent, subscriptionEventTypes } from './subscription-events';
export { withSubscriptionGate } from './subscription-gate';

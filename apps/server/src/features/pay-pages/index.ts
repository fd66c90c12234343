// Pay pages' surface for the wallet feature, which registers them with its providers and card checkout.
export { payPageCardPayments, type PayPageCardPayments } from './card-payments';
export { registerPayPages } from './pay-pages.routes';
export type { PayPagesDeps } from './pay-pages.service';
export { settlePayPageInvoices } from './settlement';

/**
 * Pages the web app renders outside the API: the server answers them with the single-page app, and the web
 * router maps the same paths. `/app/*` is the signed-in app's catch-all.
 */
export const webPages = {
  app: '/app',
  appCatchAll: '/app/*',
  mobileStart: '/mobile/start',
  inbox: '/inbox',
  paymentCancel: '/payment/cancel',
  paymentSuccess: '/payment/success',
  payoutConnectFailure: '/payout/connect/failure',
  payoutConnectSuccess: '/payout/connect/success',
  install: '/install',
  schedule: '/schedule',
  payAgent: '/pay/:slug',
  publicProfile: '/u/:username',
} as const;

export type WebPage = keyof typeof webPages;

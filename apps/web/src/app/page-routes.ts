import { webPages, type WebPage } from '@switchboard/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * The component for each page in the contract's `webPages`, loaded on first visit. `satisfies` makes a page
 * added to the contract a type error here until it has a component.
 */
const pageComponents = {
  // The page most visits start on ships with the entry: one round trip less before it shows, and its few
  // components are ones every other page uses too.
  app: () => Promise.resolve({ Component: SignInPage }),
  appCatchAll: async () => ({ Component: (await import('./app-shell-page')).AppShellPage }),
  embed: async () => ({ Component: (await import('../features/auth/embed-page')).EmbedPage }),
  devOutbox: async () => ({ Component: (await import('../features/outbox/outbox-page')).OutboxPage }),
  sandboxSms: async () => ({
    Component: (await import('../features/inbox/sandbox-sms-page')).SandboxSmsPage,
  }),
  sandboxPhone: async () => ({ Component: (await import('../features/phone')).SoftphonePage }),
  sandboxCheckout: async () => ({ Component: (await import('../features/wallet')).SandboxCheckoutPage }),
  sandboxConnect: async () => ({
    Component: (await import('../features/payouts/sandbox-connect-page')).SandboxConnectPage,
  }),
  sandboxBillingPortal: async () => ({
    Component: (await import('../features/billing')).SandboxPortalPage,
  }),
  mobileStart: async () => ({
    Component: (await import('../features/accounts/mobile-start-page')).MobileStartPage,
  }),
  inbox: async () => ({ Component: (await import('../features/inbox/inbox-page')).InboxPage }),
  paymentCancel: async () => ({
    Component: (await import('../features/billing/payment-cancel-page')).PaymentCancelPage,
  }),
  paymentSuccess: async () => ({
    Component: (await import('../features/billing/payment-success-page')).PaymentSuccessPage,
  }),
  payoutConnectFailure: async () => ({
    Component: (await import('../features/payouts/connect-result-page')).PayoutConnectFailurePage,
  }),
  payoutConnectSuccess: async () => ({
    Component: (await import('../features/payouts/connect-result-page')).PayoutConnectSuccessPage,
  }),
  install: async () => ({ Component: (await import('../features/accounts/install-page')).InstallPage }),
  schedule: async () => ({ Component: (await import('../features/calendar/schedule-page')).SchedulePage }),
  sandboxGoogleConsent: async () => ({
    Component: (await import('../features/calendar/google-pages')).SandboxGoogleConsentPage,
  }),
  googleCallback: async () => ({
    Component: (await import('../features/calendar/google-pages')).GoogleCallbackPage,
  }),
  payAgent: async () => ({ Component: (await import('../features/pay-pages')).PayAgentPage }),
  publicProfile: async () => ({ Component: (await import('../features/public-pages')).PublicProfilePage }),
} satisfies Record<WebPage, LazyPage>;

/** One route per contract page, keyed by the page's name so it shows in React Router's dev tools. */
export const pageRoutes: RouteObject[] = (Object.keys(webPages) as WebPage[]).map((page) => ({
  id: page,
  path: webPages[page],
  lazy: pageComponents[page],
}));

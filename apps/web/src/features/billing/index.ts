export { UnpaidBanner } from './unpaid-banner';
export { SandboxPortalPage } from './sandbox-portal-page';
export { PlansYouSell } from './plans-you-sell';

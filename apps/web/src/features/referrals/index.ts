export { ReferralsOverlay } from './referrals-overlay';

// Referrals' surface: the feature, and the check money coming into an account makes for its inviter's reward.
export { referralsFeature } from './referrals.routes';
export { earnReferralReward } from './referrals.service';

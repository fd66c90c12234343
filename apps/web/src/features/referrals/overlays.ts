import type { OverlayDefinition } from '../../app/overlays/overlay-types';

export const overlays: OverlayDefinition[] = [
  {
    flag: 'referrals',
    title: 'Invite and earn',
    area: 'referrals',
    load: async () => ({ default: (await import('./referrals-overlay')).ReferralsOverlay }),
  },
];

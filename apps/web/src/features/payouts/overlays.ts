import type { OverlayDefinition } from '../../app/overlays/overlay-types';

export const overlays: OverlayDefinition[] = [
  {
    flag: 'withdraw',
    title: 'Withdraw',
    area: 'payouts',
    kind: 'modal',
    load: async () => ({ default: (await import('./withdraw-overlay')).WithdrawOverlay }),
  },
];

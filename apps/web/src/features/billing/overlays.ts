import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'billing';

const premium = async () => ({ default: (await import('./premium-overlay')).PremiumOverlay });

export const overlays: OverlayDefinition[] = [
  {
    flag: 'billing',
    title: 'Billing',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./billing-overlay')).BillingOverlay }),
  },
  {
    flag: 'subscription',
    title: 'Subscription',
    area,
    load: async () => ({ default: (await import('./subscription-overlay')).SubscriptionOverlay }),
  },
  {
    flag: 'selectPlan',
    title: 'Choose a plan',
    area,
    size: 'xl',
    load: async () => ({ default: (await import('./select-plan-overlay')).SelectPlanOverlay }),
  },
  {
    flag: 'planDetails',
    title: 'Plan details',
    area,
    load: async () => ({ default: (await import('./plan-details-overlay')).PlanDetailsOverlay }),
  },
  {
    flag: 'planOffered',
    title: 'Plan offered',
    area,
    kind: 'modal',
    load: async () => ({ default: (await import('./plan-offered-overlay')).PlanOfferedOverlay }),
  },
  {
    flag: 'editPlan',
    title: 'Edit plan',
    area,
    size: 'xl',
    load: async () => ({ default: (await import('./edit-plan-overlay')).EditPlanOverlay }),
  },
  {
    flag: 'usage',
    title: 'Usage and costs',
    area,
    size: 'xl',
    load: async () => ({ default: (await import('./usage-overlay')).UsageOverlay }),
  },
  { flag: 'premium', title: 'Premium', area, kind: 'modal', load: premium },
  { flag: 'upgrade', title: 'Upgrade', area, kind: 'modal', load: premium },
];

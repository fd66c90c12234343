import type { OverlayDefinition } from '../../app/overlays/overlay-types';

export const overlays: OverlayDefinition[] = [
  {
    flag: 'reviewQueue',
    title: 'Conversations to review',
    area: 'admin',
    size: 'xl',
    load: async () => ({ default: (await import('./review-queue-overlay')).ReviewQueueOverlay }),
  },
  {
    flag: 'adminAudit',
    title: 'Super admin audit trail',
    area: 'admin',
    size: 'xl',
    load: async () => ({ default: (await import('./audit-trail-overlay')).AuditTrailOverlay }),
  },
];

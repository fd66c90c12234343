import type { OverlayDefinition } from '../../app/overlays/overlay-types';

/** Apps and integrations: the catalogue, custom apps and their credentials (`integrations=<appId>` opens one). */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'integrations',
    title: 'Apps and integrations',
    area: 'apps',
    size: 'lg',
    load: async () => ({ default: (await import('./integrations-overlay')).IntegrationsOverlay }),
  },
];

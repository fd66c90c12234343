import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'numbers';

export const overlays: OverlayDefinition[] = [
  {
    flag: 'number',
    title: 'Phone number',
    area,
    load: async () => ({ default: (await import('./number-overlay')).NumberOverlay }),
  },
  {
    flag: 'selectNumber',
    title: 'Choose a number',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./select-number-overlay')).SelectNumberOverlay }),
  },
  {
    flag: 'addCustomNumber',
    title: 'Bring your own number',
    area,
    load: async () => ({ default: (await import('./add-custom-number-overlay')).AddCustomNumberOverlay }),
  },
  {
    flag: 'forwardingInstructions',
    title: 'Forward your calls',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./forwarding-overlay')).ForwardingOverlay }),
  },
];

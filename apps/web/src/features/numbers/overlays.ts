import { IconArrowForwardUp, IconPhonePlus } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

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
  comingOverlay({
    flag: 'addCustomNumber',
    title: 'Add your own number',
    area,
    icon: IconPhonePlus,
    description: 'Connect a phone number you already own so your agent can answer it.',
  }),
  comingOverlay({
    flag: 'forwardingInstructions',
    title: 'Forward your calls',
    area,
    icon: IconArrowForwardUp,
    description: 'How to forward calls from your existing phone line to your agent.',
  }),
];

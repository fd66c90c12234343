import { IconArrowForwardUp, IconHash, IconPhone, IconPhonePlus } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'number',
    title: 'Phone number',
    area: 'numbers',
    icon: IconPhone,
    description: 'One phone number: the agent that answers it and its calling and messaging settings.',
  }),
  comingOverlay({
    flag: 'selectNumber',
    title: 'Choose a number',
    area: 'numbers',
    size: 'lg',
    icon: IconHash,
    description: 'Search the numbers available by country and area code, and pick one for your agent.',
  }),
  comingOverlay({
    flag: 'addCustomNumber',
    title: 'Add your own number',
    area: 'numbers',
    icon: IconPhonePlus,
    description: 'Connect a phone number you already own so your agent can answer it.',
  }),
  comingOverlay({
    flag: 'forwardingInstructions',
    title: 'Forward your calls',
    area: 'numbers',
    icon: IconArrowForwardUp,
    description: 'How to forward calls from your existing phone line to your agent.',
  }),
];

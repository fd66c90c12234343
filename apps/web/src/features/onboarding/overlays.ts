import { IconKey } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  {
    flag: 'onboard',
    title: 'Set up your agent',
    area: 'onboarding',
    size: 'full',
    load: async () => ({ default: (await import('./wizard/onboard-overlay')).OnboardOverlay }),
  },
  {
    // The template questions of the setup wizard (its SETUP_TEMPLATE step, alias setupAgent).
    flag: 'setupAgent',
    title: 'Set up your agent',
    area: 'onboarding',
    size: 'full',
    load: async () => ({ default: (await import('./wizard/setup-agent-overlay')).SetupAgentOverlay }),
  },
  comingOverlay({
    flag: 'requestAccess',
    title: 'Request access',
    area: 'onboarding',
    kind: 'modal',
    icon: IconKey,
    description: 'Ask an administrator of this account for access to something you cannot open yet.',
  }),
];

import { IconKey, IconRocket } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'onboard',
    title: 'Get started',
    area: 'onboarding',
    size: 'full',
    icon: IconRocket,
    description:
      'Set up your first agent step by step, from choosing a template to picking its phone number.',
  }),
  comingOverlay({
    flag: 'requestAccess',
    title: 'Request access',
    area: 'onboarding',
    kind: 'modal',
    icon: IconKey,
    description: 'Ask an administrator of this account for access to something you cannot open yet.',
  }),
];

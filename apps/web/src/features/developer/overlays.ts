import { IconBug } from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

const area = 'developer';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'debug',
    title: 'Debug',
    area,
    size: 'xl',
    icon: IconBug,
    description: 'Technical details of this account, session and screen, for troubleshooting with support.',
  }),
  {
    flag: 'apiTokens',
    title: 'API tokens',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./api-tokens-overlay')).ApiTokensOverlay }),
  },
  {
    flag: 'webhooks',
    title: 'Webhooks',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./webhooks-overlay')).WebhooksOverlay }),
  },
  {
    flag: 'webhookDeliveries',
    title: 'Webhook deliveries',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./webhook-deliveries-overlay')).WebhookDeliveriesOverlay }),
  },
  {
    flag: 'sipSetup',
    title: 'SIP trunk',
    area,
    size: 'xl',
    load: async () => ({ default: (await import('./sip-setup-overlay')).SipSetupOverlay }),
  },
];

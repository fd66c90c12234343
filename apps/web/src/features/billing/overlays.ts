import {
  IconArrowBigUpLines,
  IconCreditCard,
  IconCrown,
  IconGift,
  IconListDetails,
  IconPencil,
  IconRefresh,
  IconSquareCheck,
} from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'billing',
    title: 'Billing',
    area: 'billing',
    size: 'lg',
    icon: IconCreditCard,
    description: 'Your plan, payment method and invoices, and a link to the billing portal.',
  }),
  comingOverlay({
    flag: 'subscription',
    title: 'Subscription',
    area: 'billing',
    icon: IconRefresh,
    description: 'Your subscription: its status, next renewal date, and how to cancel.',
  }),
  comingOverlay({
    flag: 'selectPlan',
    title: 'Choose a plan',
    area: 'billing',
    size: 'xl',
    icon: IconSquareCheck,
    description: 'Compare the plans side by side and pick the one that fits.',
  }),
  comingOverlay({
    flag: 'planDetails',
    title: 'Plan details',
    area: 'billing',
    icon: IconListDetails,
    description: 'What a plan includes, what it costs and how usage beyond it is charged.',
  }),
  comingOverlay({
    flag: 'planOffered',
    title: 'Plan offered',
    area: 'billing',
    kind: 'modal',
    icon: IconGift,
    description: 'A plan your provider offers you, with its price and what it includes.',
  }),
  comingOverlay({
    flag: 'editPlan',
    title: 'Edit plan',
    area: 'billing',
    size: 'lg',
    icon: IconPencil,
    description: 'Set the name, price and included usage of a plan you offer to your accounts.',
  }),
  comingOverlay({
    flag: 'premium',
    title: 'Premium',
    area: 'billing',
    kind: 'modal',
    icon: IconCrown,
    description: 'What Premium adds to your account, and how to turn it on.',
  }),
  comingOverlay({
    flag: 'upgrade',
    title: 'Upgrade',
    area: 'billing',
    kind: 'modal',
    icon: IconArrowBigUpLines,
    description: 'Move to a higher plan for more agents, numbers and minutes.',
  }),
];

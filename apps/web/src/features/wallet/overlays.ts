import {
  IconArrowsExchange,
  IconCashBanknote,
  IconCoins,
  IconReceipt,
  IconShoppingCart,
  IconWallet,
} from '@tabler/icons-react';
import type { OverlayDefinition } from '../../app/overlays/overlay-types';
import { comingOverlay } from '../../app/overlays/coming-overlay';

export const overlays: OverlayDefinition[] = [
  comingOverlay({
    flag: 'wallet',
    title: 'Wallet',
    area: 'wallet',
    size: 'lg',
    icon: IconWallet,
    description: 'Your wallet balance, recent activity, exchange rates and rewards.',
  }),
  comingOverlay({
    flag: 'balances',
    title: 'Balances',
    area: 'wallet',
    icon: IconCoins,
    description: 'The balance of every currency in your wallet and of the accounts you manage.',
  }),
  comingOverlay({
    flag: 'addFunds',
    title: 'Add funds',
    area: 'wallet',
    kind: 'modal',
    icon: IconCashBanknote,
    description: 'Top up your wallet balance by card or Lightning.',
  }),
  comingOverlay({
    flag: 'withdraw',
    title: 'Withdraw',
    area: 'wallet',
    kind: 'modal',
    icon: IconArrowsExchange,
    description:
      'Send money out of your wallet to a Lightning address, Venmo, PayPal or a connected account.',
  }),
  comingOverlay({
    flag: 'transactions',
    title: 'Transactions',
    area: 'wallet',
    size: 'lg',
    icon: IconReceipt,
    description: 'Every top-up, charge, reward and payout on your wallet, newest first.',
  }),
  comingOverlay({
    flag: 'checkout',
    title: 'Checkout',
    area: 'wallet',
    kind: 'modal',
    icon: IconShoppingCart,
    description: 'Review what you are buying and pay for it in one step.',
  }),
];

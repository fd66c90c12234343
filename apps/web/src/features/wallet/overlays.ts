import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'wallet';

export const overlays: OverlayDefinition[] = [
  {
    flag: 'wallet',
    title: 'Wallet',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./wallet-overlay')).WalletOverlay }),
  },
  {
    flag: 'balances',
    title: 'Balances',
    area,
    load: async () => ({ default: (await import('./balances-overlay')).BalancesOverlay }),
  },
  {
    flag: 'addFunds',
    title: 'Add funds',
    area,
    kind: 'modal',
    load: async () => ({ default: (await import('./add-funds-overlay')).AddFundsOverlay }),
  },
  {
    flag: 'transactions',
    title: 'Transactions',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./transactions-overlay')).TransactionsOverlay }),
  },
  {
    flag: 'checkout',
    title: 'Checkout',
    area,
    kind: 'modal',
    load: async () => ({ default: (await import('./checkout-overlay')).CheckoutOverlay }),
  },
];

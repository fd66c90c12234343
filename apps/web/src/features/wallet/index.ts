export { WalletBalanceButton } from './wallet-balance-button';
export { SandboxCheckoutPage } from './sandbox-checkout-page';
export { EmptyWalletBanner } from './empty-wallet-banner';

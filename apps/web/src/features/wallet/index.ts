export { WalletBalanceButton } from './wallet-balance-button';
export { SandboxCheckoutPage } from './sandbox-checkout-page';

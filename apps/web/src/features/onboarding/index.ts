export { WalkthroughCard } from './walkthrough/walkthrough-card';
export { OnboardOverlay } from './wizard/onboard-overlay';

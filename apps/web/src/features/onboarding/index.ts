export { WalkthroughCard } from './walkthrough/walkthrough-card';

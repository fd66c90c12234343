export { SoftphonePage } from './softphone-page';

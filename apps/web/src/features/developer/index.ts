export { DeveloperSettings } from './developer-settings';

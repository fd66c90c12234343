export { DeveloperSettings } from './developer-settings';
export { DeveloperExamples } from './developer-examples';

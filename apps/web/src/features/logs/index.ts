export { dateLabel, datePresets } from './log-url-state';

export { timeZoneOptions } from './studio/time-zones';

export { timeZoneOptions } from './studio/time-zones';
export { useAgentPublishStatus, type PublishStatus } from './studio/publish-state';

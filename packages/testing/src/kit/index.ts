export * from './api-client';
export * from './start-app';
export * from './expect-status';
export * from './account-factories';
export * from './agent-factories';
export * from './inbox-factories';

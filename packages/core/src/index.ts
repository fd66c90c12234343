export * from './account-types';
export * from './display-name';
export * from './email-and-phone';
export * from './legacy-account';
export * from './paging';
export * from './permissions';
export * from './role';
export * from './username';

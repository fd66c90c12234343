export * from './legacy-account';
export * from './paging';

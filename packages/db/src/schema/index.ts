// One file per area; parallel work adds a line here and nowhere else.
export * from './accounts';
export * from './agents';
export * from './auth';
export * from './conversations';
export * from './outbox';
export * from './platform';

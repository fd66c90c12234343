// One file per area; parallel work adds a line here and nowhere else.
export * from './accounts';
export * from './agents';
export * from './apps';
export * from './auth';
export * from './calendar';
export * from './contacts';
export * from './domains';
export * from './conversations';
export * from './help';
export * from './inbox';
export * from './ledger';
export * from './outbox';
export * from './phone-numbers';
export * from './platform';
export * from './rate-limits';
export * from './runtime';
export * from './telephony';

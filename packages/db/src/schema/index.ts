// One file per area; parallel work adds a line here and nowhere else.
export * from './platform';

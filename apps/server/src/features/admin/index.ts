// The super admin's desk: its routes, and the audit trail the HTTP layer writes to.
export { adminFeature } from './admin.routes';
export { recordSuperAdminAction, type SuperAdminAction } from './admin.service';

import { adminEndpoints } from '@switchboard/contract';
import type { Feature } from '../feature';
import { adminAuditTrail, fetchCallsForReview } from './admin.service';

/**
 * The super admin's desk: the review queue (refunds from it go through the wallet's issueRefundToUser with the
 * conversation) and the audit trail, which the HTTP layer writes after every change a super admin makes.
 */
export const adminFeature: Feature = {
  name: 'admin',
  registerRoutes({ implement, db }) {
    implement(adminEndpoints)({
      fetchCallsForReview: ({ query }) => fetchCallsForReview(db, query),
      adminAuditTrail: ({ query }) => adminAuditTrail(db, query),
    });
  },
};

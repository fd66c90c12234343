import { detailsNameKey, normalizeEmail, normalizePhoneNumber } from '@switchboard/core';
import type { z } from 'zod';
import type { accountsEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { updateAccountRow, type AccountRow } from './accounts.repo';
import { presentAccountSummary } from './account-presenter';

type ProfileUpdate = z.output<NonNullable<typeof accountsEndpoints.updateAccount.body>>;
type OrganizationUpdate = z.output<NonNullable<typeof accountsEndpoints.updateOrganization.body>>;

const detailKeys = [
  'partnerName',
  'resellerName',
  'orgName',
  'agentName',
  'accountName',
  'fullName',
  'firstName',
  'lastName',
  'description',
  'businessName',
  'businessAddress',
  'website',
] as const;

/** Updates name, email, phone and details; the name key of another tier is refused rather than stored. */
export async function updateProfile(db: Db, account: AccountRow, update: ProfileUpdate): Promise<AccountRow> {
  const ownNameKey = detailsNameKey(account.accountType);
  const details: Record<string, unknown> = { ...account.details };
  for (const key of detailKeys) {
    const value = update[key];
    if (value === undefined) continue;
    const isTierName = ['partnerName', 'resellerName', 'orgName', 'agentName'].includes(key);
    if (isTierName && key !== ownNameKey) {
      throw new AppError(
        'VALIDATION_FAILED',
        `body.${key}: does not apply to ${account.accountType === 'agent' ? 'an agent' : `a ${account.accountType}`} account`,
      );
    }
    details[key] = value;
  }
  const email =
    update.email === undefined || update.email === null ? update.email : normalizeEmail(update.email);
  if (email === null && update.email)
    throw new AppError('VALIDATION_FAILED', 'body.email: is not a valid email address');
  const phone =
    update.phoneNumber === undefined || update.phoneNumber === null
      ? update.phoneNumber
      : normalizePhoneNumber(update.phoneNumber);
  if (phone === null && update.phoneNumber)
    throw new AppError('VALIDATION_FAILED', 'body.phoneNumber: is not a valid phone number');
  const row = await updateAccountRow(db, account.id, {
    details,
    ...(update.name === undefined ? {} : { name: update.name }),
    ...(email === undefined ? {} : { email }),
    ...(phone === undefined ? {} : { phoneNumber: phone }),
  });
  if (!row) throw new AppError('NOT_FOUND', `No account ${account.id}`);
  return row;
}

/** The reseller's settings of an organization, answering which applied (FACTS §1.3's envelope). */
export async function updateOrganizationSettings(
  db: Db,
  organization: AccountRow,
  update: OrganizationUpdate,
) {
  const values: Partial<AccountRow> = {};
  const updated: string[] = [];
  const failed: string[] = [];
  if (update.orgName !== undefined) {
    values.details = { ...organization.details, orgName: update.orgName };
    updated.push('orgName');
  }
  if (update.email !== undefined) {
    const email = normalizeEmail(update.email);
    if (email) {
      values.email = email;
      updated.push('email');
    } else failed.push('email');
  }
  if (update.vidaPremium !== undefined) {
    values.vidaPremium = update.vidaPremium;
    updated.push('vidaPremium');
  }
  if (update.smsEnabled !== undefined) {
    values.smsEnabled = update.smsEnabled;
    updated.push('smsEnabled');
  }
  if (update.active !== undefined) {
    values.enabled = update.active;
    values.disabledReason = update.active ? null : 'deactivated by reseller';
    updated.push('active');
  }
  if (update.externalAccountId !== undefined) {
    values.externalAccountId = update.externalAccountId;
    updated.push('externalAccountId');
  }
  if (updated.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      failed.length > 0 ? `No settings updated: ${failed.join(', ')} invalid` : 'No settings updated',
    );
  }
  const row = await updateAccountRow(db, organization.id, values);
  return {
    success: true as const,
    message: 'Organization settings updated',
    updatedSettings: updated,
    ...(failed.length > 0 ? { failedSettings: failed } : {}),
    organization: row ? presentAccountSummary(row) : undefined,
  };
}

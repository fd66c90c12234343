import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { loadActingAccount, saveSettings } from './accounts.service';
import { recordCheckIn } from './check-in.repo';

export type CheckInKind = 'mobile' | 'web' | 'desktop';

/** Records when the acting account last checked in from an app of this kind. */
export async function checkIn(db: Db, actingAccountId: number | null, kind: CheckInKind) {
  const account = await loadActingAccount(db, actingAccountId);
  const checkedInAt = new Date().toISOString();
  if (!(await recordCheckIn(db, account.id, kind, checkedInAt))) {
    throw new AppError('NOT_FOUND', `No account ${account.id}`);
  }
  return { success: true as const, kind, checkedInAt };
}

/** Keeps the mobile app's last check-in payload with its time (settings.mobileCheckIn). */
export async function saveMobileCheckIn(
  db: Db,
  actingAccountId: number | null,
  value: boolean | Record<string, unknown>,
) {
  const account = await loadActingAccount(db, actingAccountId);
  await saveSettings(db, account.id, { mobileCheckIn: { at: new Date().toISOString(), value } });
  return { success: true as const };
}

const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An epoch-seconds time as people read it ("3 Mar 2026, 14:05"). */
export const epochLabel = (seconds: number): string => format.format(new Date(seconds * 1000));

/** The account a developer screen acts for: the one in the path, else the signed-in account. */
export type Target = { targetAccountId?: number };

export const targetOf = (accountId: number | null): Target =>
  accountId === null ? {} : { targetAccountId: accountId };

import {
  and,
  authTokens,
  eq,
  isNull,
  queryRows,
  sql,
  users,
  verificationCodes,
  type Db,
  type PendingSignup,
} from '@switchboard/db';

export type { PendingSignup };

export type TokenKind = 'session' | 'one-time' | 'temporary';

export async function insertToken(
  db: Db,
  token: { tokenHash: string; kind: TokenKind; userId: number; expiresAt: Date | null },
): Promise<void> {
  await db.insert(authTokens).values(token);
}

/** The person behind a live session or temporary token, with their home account's state. */
export async function findSessionUser(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      userId: users.id,
      superAdmin: users.superAdmin,
      temporary: users.temporary,
      homeAccountId: users.accountId,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        isNull(authTokens.revokedAt),
        sql`${authTokens.kind} IN ('session', 'temporary')`,
        sql`(${authTokens.expiresAt} IS NULL OR ${authTokens.expiresAt} > now())`,
      ),
    );
  return row ?? null;
}

/**
 * A temporary (anonymous) token whatever its state, so the caller can tell an unknown token from an expired or a
 * claimed one. Null when no temporary token has this hash.
 */
export async function findTemporaryToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      userId: users.id,
      data: users.data,
      createdAt: authTokens.createdAt,
      expiresAt: authTokens.expiresAt,
      revokedAt: authTokens.revokedAt,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, 'temporary'), eq(users.temporary, true)),
    );
  return row ?? null;
}

/** Ends an anonymous visitor's temporary session because they signed in: its tokens stop working, its data says who. */
export async function claimTemporaryUser(db: Db, tempUserId: number, claimedByUserId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(authTokens.userId, tempUserId),
          eq(authTokens.kind, 'temporary'),
          isNull(authTokens.revokedAt),
        ),
      );
    await tx
      .update(users)
      .set({ data: sql`${users.data} || ${JSON.stringify({ claimedByUserId })}::jsonb` })
      .where(and(eq(users.id, tempUserId), eq(users.temporary, true)));
  });
}

/** Uses a single-use token: only one caller can ever get its user back. */
export async function consumeOneTimeToken(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await queryRows<{ user_id: number }>(
    db,
    sql`UPDATE auth_tokens SET used_at = now()
        WHERE token_hash = ${tokenHash} AND kind = 'one-time' AND used_at IS NULL AND revoked_at IS NULL
          AND (expires_at IS NULL OR expires_at > now())
        RETURNING user_id`,
  );
  return row?.user_id ?? null;
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.tokenHash, tokenHash));
}

export async function revokeUserTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

/** The latest sign-up of the last day still waiting for its code to be redeemed, with the visitor that asked. */
export async function findPendingSignup(
  db: Db,
  identifier: string,
): Promise<{ signup: PendingSignup; tempUserId: number | null } | null> {
  const [row] = await queryRows<{ signup: PendingSignup; temp_user_id: number | null }>(
    db,
    sql`SELECT signup, temp_user_id FROM verification_codes
        WHERE identifier = ${identifier} AND purpose = 'sign-in' AND signup IS NOT NULL AND consumed_at IS NULL
          AND created_at > now() - interval '1 day'
        ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row ? { signup: row.signup, tempUserId: row.temp_user_id } : null;
}

/** Stores a new code; earlier live codes for the same identifier and purpose stop working. */
export async function insertCode(
  db: Db,
  code: {
    channel: 'email' | 'sms';
    identifier: string;
    purpose: 'sign-in' | 'verify';
    userId: number | null;
    codeHash: string;
    requestIp: string | null;
    expiresAt: Date;
    tempUserId?: number | null;
    signup?: PendingSignup | null;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ expiresAt: new Date() })
      .where(
        and(
          eq(verificationCodes.identifier, code.identifier),
          eq(verificationCodes.purpose, code.purpose),
          isNull(verificationCodes.consumedAt),
          sql`${verificationCodes.expiresAt} > now()`,
        ),
      );
    await tx.insert(verificationCodes).values(code);
  });
}

/**
 * One attempt at the live code: counts the try and, when the hash matches, consumes the code, in one statement
 * under a row lock, so concurrent tries and several server processes agree. A code with 5 tries is burned.
 */
export async function attemptCode(
  db: Db,
  attempt: { identifier: string; purpose: 'sign-in' | 'verify'; codeHash: string; maxAttempts: number },
): Promise<{
  ok: boolean;
  userId: number | null;
  tempUserId: number | null;
  signup: PendingSignup | null;
} | null> {
  const [row] = await queryRows<{
    ok: boolean;
    user_id: number | null;
    temp_user_id: number | null;
    signup: PendingSignup | null;
  }>(
    db,
    sql`UPDATE verification_codes SET attempts = attempts + 1,
          consumed_at = CASE WHEN code_hash = ${attempt.codeHash} THEN now() ELSE NULL END
        WHERE id = (
          SELECT id FROM verification_codes
          WHERE identifier = ${attempt.identifier} AND purpose = ${attempt.purpose}
            AND consumed_at IS NULL AND expires_at > now() AND attempts < ${attempt.maxAttempts}
          ORDER BY created_at DESC, id DESC LIMIT 1
          FOR UPDATE)
        RETURNING consumed_at IS NOT NULL AS ok, user_id, temp_user_id, signup`,
  );
  return row ? { ok: row.ok, userId: row.user_id, tempUserId: row.temp_user_id, signup: row.signup } : null;
}

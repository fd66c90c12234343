import { eq, knowledgeLexemes, queryRows, sql, type Db } from '@switchboard/db';

/**
 * Counts again how many of a document's passages hold each lexeme, from the full-text vectors its passages were
 * stored with (run in the transaction that stored them).
 */
export async function countDocumentLexemes(db: Db, documentId: string): Promise<void> {
  await db.delete(knowledgeLexemes).where(eq(knowledgeLexemes.documentId, documentId));
  await db.execute(sql`
    INSERT INTO knowledge_lexemes (document_id, knowledge_base_id, lexeme, chunks)
    SELECT c.document_id, c.knowledge_base_id, u.lexeme, count(*)::integer
    FROM knowledge_chunks c, unnest(c.search) AS u(lexeme, positions, weights)
    WHERE c.document_id = ${documentId}
    GROUP BY c.document_id, c.knowledge_base_id, u.lexeme`);
}

/**
 * The lexemes English full-text search makes of the search words (stop words make none), each with the number of
 * the bases' passages holding it (0 when none does).
 */
export async function lexemeFrequencies(
  db: Db,
  baseIds: readonly string[],
  terms: readonly string[],
): Promise<{ lexeme: string; chunks: number }[]> {
  if (baseIds.length === 0 || terms.length === 0) return [];
  const rows = await queryRows<{ lexeme: string; chunks: number | string }>(
    db,
    sql`SELECT q.lexeme, coalesce(sum(l.chunks), 0) AS chunks
      FROM (SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('english'::regconfig, ${terms.join(' ')}))) AS lexeme) q
      LEFT JOIN knowledge_lexemes l ON l.lexeme = q.lexeme AND l.knowledge_base_id IN (${sql.join(
        baseIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      GROUP BY q.lexeme`,
  );
  return rows.map((row) => ({ lexeme: row.lexeme, chunks: Number(row.chunks) }));
}

/**
 * The passages a ranking need score, as the lexemes a passage must hold one of: all of the search's when together
 * they occur in at most `budget` passages (null: no narrowing); otherwise its rarest lexemes, as many as fit the
 * budget and at least one. Common words still count in the ranking, among the passages holding a rarer word (as
 * a search engine's common-terms query does): ranking every passage that holds a word most passages hold is what
 * makes a search over a large base slow, and such passages are rarely the answer.
 */
export function rarestLexemes(
  frequencies: readonly { lexeme: string; chunks: number }[],
  budget: number,
): string[] | null {
  const present = frequencies
    .filter((entry) => entry.chunks > 0)
    .sort((a, b) => a.chunks - b.chunks || a.lexeme.localeCompare(b.lexeme));
  const total = present.reduce((sum, entry) => sum + entry.chunks, 0);
  if (total <= budget) return null;
  const chosen: string[] = [];
  let covered = 0;
  for (const entry of present) {
    if (chosen.length > 0 && covered + entry.chunks > budget) break;
    chosen.push(entry.lexeme);
    covered += entry.chunks;
  }
  return chosen;
}

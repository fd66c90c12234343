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

/** A search word's lexeme (the stem English full-text search makes of it) and how many passages hold it. */
export interface WordLexeme {
  word: string;
  lexeme: string;
  chunks: number;
}

/**
 * The lexemes English full-text search makes of the search words (a stop word makes none), each with the number
 * of the bases' passages holding it (0 when none does).
 */
export async function wordLexemes(
  db: Db,
  baseIds: readonly string[],
  words: readonly string[],
): Promise<WordLexeme[]> {
  if (baseIds.length === 0 || words.length === 0) return [];
  const rows = await queryRows<{ word: string; lexeme: string; chunks: number | string }>(
    db,
    sql`SELECT q.word, q.lexeme, coalesce(sum(l.chunks), 0) AS chunks
      FROM (SELECT w.word, x.lexeme
        FROM unnest(ARRAY[${sql.join(
          words.map((word) => sql`${word}`),
          sql`, `,
        )}]::text[]) AS w(word),
        unnest(tsvector_to_array(to_tsvector('english'::regconfig, w.word))) AS x(lexeme)) q
      LEFT JOIN knowledge_lexemes l ON l.lexeme = q.lexeme AND l.knowledge_base_id IN (${sql.join(
        baseIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      GROUP BY q.word, q.lexeme`,
  );
  return rows.map((row) => ({ word: row.word, lexeme: row.lexeme, chunks: Number(row.chunks) }));
}

/** The search words the bases hold none of (by their stems): misspellings and parts of words. */
export function missingWords(lexemes: readonly WordLexeme[]): string[] {
  const held = new Set(lexemes.filter((entry) => entry.chunks > 0).map((entry) => entry.word));
  return [...new Set(lexemes.map((entry) => entry.word))].filter((word) => !held.has(word));
}

/**
 * The passages a ranking need score (decisions/066), as lexemes a passage must hold one of, or null for every
 * passage holding a word of the search: that when its words together occur in at most `budget` passages.
 * Otherwise its rarest words, as many as fit the budget and at least one. Common words still count in the
 * ranking, among the passages holding a rarer one (as a search engine's common-terms query does): ranking every
 * passage that holds a word most passages hold is what makes a search over a large base slow, and such passages
 * are rarely the answer.
 */
export function rankedLexemes(lexemes: readonly WordLexeme[], budget: number): string[] | null {
  const counts = new Map<string, number>();
  for (const entry of lexemes) if (entry.chunks > 0) counts.set(entry.lexeme, entry.chunks);
  const present = [...counts].sort(([a, x], [b, y]) => x - y || a.localeCompare(b));
  const total = present.reduce((sum, [, chunks]) => sum + chunks, 0);
  if (total <= budget) return null;
  const chosen: string[] = [];
  let covered = 0;
  for (const [lexeme, chunks] of present) {
    if (chosen.length > 0 && covered + chunks > budget) break;
    chosen.push(lexeme);
    covered += chunks;
  }
  return chosen;
}

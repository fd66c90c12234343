import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accounts, eq, knowledgeLexemes, queryRows, seedDemoData, sql } from '@switchboard/db';
import { cloneDatabase, type ClonedDatabase } from '@switchboard/testing';
import {
  deleteDocumentRow,
  insertBaseRow,
  insertDocumentRows,
  storeDocumentText,
  type KnowledgeDocumentRow,
  type NewChunk,
} from './knowledge.repo';
import { missingWords, rankedLexemes, wordLexemes, type WordLexeme } from './knowledge-lexemes.repo';
import { searchKnowledge } from './knowledge-search';

// A search over a large base ranks only the passages holding its rarer words once its words together occur in
// more passages than the ranking budget; the lexeme counts that decide it follow each document's passages.

let database: ClonedDatabase;
let organizationId: number;
let baseId: string;
let hoursPage: KnowledgeDocumentRow;

const read = { title: 'Gym', contentType: 'text/html', contentHash: '', bytes: 1, fetchedAt: new Date() };
const passages = (texts: readonly string[]): NewChunk[] =>
  texts.map((text, position) => ({ position, title: 'Gym', section: 'Visiting', text }));
const commonPassages = Array.from(
  { length: 30 },
  (_, n) => `Our opening hours are on the board by the front desk, next to locker ${n + 1}.`,
);

beforeAll(async () => {
  database = await cloneDatabase(inject('databaseTemplate'));
  await seedDemoData(database.db);
  const [acme] = await database.db.select().from(accounts).where(eq(accounts.username, 'acme'));
  if (!acme) throw new Error('the demo seed wrote no acme');
  organizationId = acme.id;
  const base = await insertBaseRow(database.db, {
    id: 'kb-lexemes',
    accountId: organizationId,
    title: 'Gym',
  });
  baseId = base.id;
  const [hours, weekend, pool] = await insertDocumentRows(
    database.db,
    base,
    [
      { id: 'doc-hours', url: 'https://gym.example/hours' },
      { id: 'doc-weekend', url: 'https://gym.example/weekend' },
      { id: 'doc-pool', url: 'https://gym.example/pool' },
    ],
    () => Promise.resolve(),
  );
  if (!hours || !weekend || !pool) throw new Error('the documents were not written');
  await storeDocumentText(
    database.db,
    pool,
    read,
    passages([
      ...Array.from({ length: 12 }, (_, n) => `The pool lane ${n + 1} is kept for swimmers doing lengths.`),
      ...Array.from({ length: 11 }, (_, n) => `Fresh towels are at reception desk ${n + 1}.`),
      'Pool towels are the blue ones.',
      'Towels are washed after each use.',
    ]),
  );
  hoursPage = hours;
  await storeDocumentText(database.db, hours, read, passages(commonPassages));
  await storeDocumentText(
    database.db,
    weekend,
    read,
    passages([
      'On Saturday the hours are nine to noon.',
      'Saturday mornings the pool is closed for cleaning.',
      'Parking is free in the evening.',
    ]),
  );
});
afterAll(() => database.close());

describe('lexeme counts', () => {
  it('count the passages holding each stem, per document, replaced when the document is read again', async () => {
    const counts = async () =>
      Object.fromEntries(
        (await wordLexemes(database.db, [baseId], ['saturday', 'hours', 'parking', 'helicopter'])).map(
          (entry) => [entry.lexeme, entry.chunks],
        ),
      );
    expect(await counts()).toEqual({ saturday: 2, hour: 31, park: 1, helicopt: 0 });
    await storeDocumentText(database.db, hoursPage, read, passages(commonPassages.slice(0, 10)));
    expect(await counts()).toEqual({ saturday: 2, hour: 11, park: 1, helicopt: 0 });
    await storeDocumentText(database.db, hoursPage, read, passages(commonPassages));
    expect((await counts()).hour).toBe(31);
  });

  it('are gone with their document, and another base’s words do not count', async () => {
    const other = await insertBaseRow(database.db, {
      id: 'kb-other',
      accountId: organizationId,
      title: 'Other',
    });
    const [page] = await insertDocumentRows(
      database.db,
      other,
      [{ id: 'doc-o', url: 'https://o.example/' }],
      () => Promise.resolve(),
    );
    if (!page) throw new Error('the document was not written');
    await storeDocumentText(database.db, page, read, passages(['Saturday hours vary.']));
    expect(await wordLexemes(database.db, [baseId], ['Saturdays'])).toEqual([
      { word: 'Saturdays', lexeme: 'saturday', chunks: 2 },
    ]);
    expect(await wordLexemes(database.db, [baseId, other.id], ['saturday'])).toEqual([
      { word: 'saturday', lexeme: 'saturday', chunks: 3 },
    ]);
    await deleteDocumentRow(database.db, other.id, page.id);
    const left = await database.db
      .select()
      .from(knowledgeLexemes)
      .where(eq(knowledgeLexemes.documentId, page.id));
    expect(left).toEqual([]);
  });
});

describe('the ranking budget', () => {
  const lexeme = (word: string, chunks: number): WordLexeme => ({ word, lexeme: word.slice(0, 8), chunks });

  it('leaves a search whose words fit it whole, and narrows one past it to the rarest words that fit', () => {
    const words = [
      lexeme('hours', 900),
      lexeme('saturday', 40),
      lexeme('pool', 300),
      lexeme('helicopter', 0),
    ];
    expect(rankedLexemes(words, 1240)).toBeNull();
    expect(rankedLexemes(words, 1000)).toEqual(['saturday', 'pool']);
    expect(rankedLexemes(words, 100)).toEqual(['saturday']);
    // The rarest word is kept even when it alone is over the budget.
    expect(rankedLexemes(words, 10)).toEqual(['saturday']);
    expect(rankedLexemes([lexeme('helicopter', 0)], 10)).toBeNull();
  });

  it('takes a word for missing when the bases hold none of its stems', () => {
    expect(missingWords([lexeme('pool', 3), lexeme('helicopter', 0), lexeme('helicopter', 0)])).toEqual([
      'helicopter',
    ]);
    expect(missingWords([])).toEqual([]);
  });

  const search = (query: string, rankingBudget: number, limit = 10) =>
    searchKnowledge(database.db, {
      organizationId,
      knowledgeBaseIds: [baseId],
      query,
      processQuery: true,
      limit,
      rankingBudget,
    }).then((found) => found.results.map((hit) => hit.text));

  it('ranks only the passages holding the rarer word past it, by the whole question still', async () => {
    const narrowed = await search('What are your Saturday hours?', 10);
    expect(narrowed).toEqual([
      'On Saturday the hours are nine to noon.',
      'Saturday mornings the pool is closed for cleaning.',
    ]);
    const whole = await search('What are your Saturday hours?', 1000);
    expect(whole[0]).toBe('On Saturday the hours are nine to noon.');
    expect(whole).toHaveLength(10);
    expect(whole.filter((text) => text.startsWith('Our opening hours'))).toHaveLength(8);
  });

  it('searches a word the bases lack by their words like it, narrowed the same way', async () => {
    // "recepton" is in no passage; "reception" (in 11) is the base's word most like it.
    expect(await search('Where is the recepton?', 5, 1)).toEqual(['Fresh towels are at reception desk 1.']);
  });

  it('does not take a stop word for a missing word: it would search nothing more', async () => {
    // "after" is the base's word most like "afternoon", but English full-text search drops it.
    const found = await searchKnowledge(database.db, {
      organizationId,
      knowledgeBaseIds: [baseId],
      query: 'Is the pool open Saturday afternoon?',
      processQuery: true,
      limit: 3,
    });
    expect(found.searchedTerms).toContain('afternoon');
    expect(found.searchedTerms).not.toContain('after');
    expect(found.results[0]?.text).toBe('Saturday mornings the pool is closed for cleaning.');
  });
});

describe('passage storage', () => {
  it('keeps each passage’s full-text vector in its row, where ranking reads it without a TOAST lookup', async () => {
    // Storage MAIN (decisions/067): compressed in the row if need be, moved out of line only as a last resort.
    const [column] = await queryRows<{ attstorage: string }>(
      database.db,
      sql`SELECT attstorage FROM pg_attribute
        WHERE attrelid = 'knowledge_chunks'::regclass AND attname = 'search'`,
    );
    expect(column?.attstorage).toBe('m');
  });
});

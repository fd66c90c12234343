import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type KitApp } from '@switchboard/testing';
import { switchboardMeta } from '@switchboard/db';
import { migrateDatabase, readMigrationState, seedDemoData } from './database';

let t: KitApp;
beforeAll(async () => {
  // The seed is under test here: the database starts migrated and empty.
  t = await startApp({ seed: 'empty' });
});
afterAll(() => t.close());

describe('migrations', () => {
  it('are all applied to a new database and applying again changes nothing', async () => {
    const state = await readMigrationState(t.db);
    expect(state.pending).toEqual([]);
    expect(state.latest).toMatch(/^\d{14}_/);
    expect(await migrateDatabase(t.db)).toEqual([]);
  });
});

describe('the demo seed', () => {
  it('runs once on an empty database, then leaves the data alone', async () => {
    const first = await seedDemoData(t.db, { onlyIfEmpty: true });
    expect(first.seeded).toBe(true);
    const second = await seedDemoData(t.db, { onlyIfEmpty: true });
    expect(second.seeded).toBe(false);
    const markers = await t.db.select().from(switchboardMeta);
    expect(markers.map((row) => row.key)).toEqual(['demo-seed']);
  });

  it('can be run again on demand without duplicating anything', async () => {
    const before = await t.db.select().from(switchboardMeta);
    const again = await seedDemoData(t.db);
    expect(again.seeded).toBe(true);
    expect((await t.db.select().from(switchboardMeta)).length).toBe(before.length);
  });
});

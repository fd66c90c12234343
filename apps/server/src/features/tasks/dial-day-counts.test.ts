import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accounts, eq, seedDemoData, taskDialDays, taskDials } from '@switchboard/db';
import { cloneDatabase, type ClonedDatabase } from '@switchboard/testing';
import { countDialingLoad, insertDial } from './dialer.repo';
import { insertTaskRows } from './tasks.repo';

// The daily caps read one counter row per account and day (task_dial_days), written with each dial.

let database: ClonedDatabase;
let agentId: number;
const dayStart = new Date('2026-11-28T00:00:00Z');

beforeAll(async () => {
  database = await cloneDatabase(inject('databaseTemplate'));
  await seedDemoData(database.db);
  const [agent] = await database.db.select().from(accounts).where(eq(accounts.username, 'agent3'));
  if (!agent) throw new Error('the demo seed wrote no agent3');
  agentId = agent.id;
});
afterAll(() => database.close());

describe('the day’s dial counts', () => {
  it('count a day begun before its row from the dials once, then each dial placed, by type', async () => {
    const { db } = database;
    // Two calls and a text placed earlier that day, one call the day before, and no counter row yet.
    const at = (hour: number) => new Date(dayStart.getTime() + hour * 3_600_000);
    await db.insert(taskDials).values(
      [
        { type: 'call' as const, dialedAt: at(1) },
        { type: 'call' as const, dialedAt: at(2) },
        { type: 'text' as const, dialedAt: at(3) },
        { type: 'call' as const, dialedAt: at(-2) },
      ].map((dial, n) => ({ ...dial, taskId: 900_000 + n, accountId: agentId, target: '+14155550100' })),
    );
    expect((await countDialingLoad(db, agentId, dayStart)).dialed).toEqual({ calls: 2, texts: 1, tasks: 3 });

    const [call, text] = await insertTaskRows(db, [
      { accountId: agentId, type: 'call', target: '+14155550101', scheduledFor: at(4), source: 'api' },
      { accountId: agentId, type: 'text', target: '+14155550102', scheduledFor: at(4), source: 'api' },
    ]);
    if (!call || !text) throw new Error('the tasks were not written');
    await insertDial(db, call, null, at(4), dayStart);
    await insertDial(db, call, null, at(5), dayStart);
    await insertDial(db, text, null, at(5), dayStart);
    expect((await countDialingLoad(db, agentId, dayStart)).dialed).toEqual({ calls: 4, texts: 2, tasks: 6 });
    // One row for the day, read as it is (not recounted from the dials).
    const rows = await db.select().from(taskDialDays).where(eq(taskDialDays.accountId, agentId));
    expect(rows.map((row) => [row.dayStart.toISOString(), row.calls, row.texts])).toEqual([
      [dayStart.toISOString(), 4, 2],
    ]);
    await db.delete(taskDials).where(eq(taskDials.accountId, agentId));
    expect((await countDialingLoad(db, agentId, dayStart)).dialed.tasks).toBe(6);
  });
});

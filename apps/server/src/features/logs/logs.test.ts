import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationLogs, eq } from '@switchboard/db';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';
import { recordUsage, writeConversationLog, type ConversationLogEntry } from './logs.service';

let kit: DemoApp;
let as: Record<'acme' | 'globex' | 'agent1' | 'reseller', SignedInClient>;
const now = Math.floor(Date.now() / 1000);
const at = (secondsAgo: number) => new Date((now - secondsAgo) * 1000);
let bookedUuid = '';

function entry(accountId: number, overrides: Partial<ConversationLogEntry> = {}): ConversationLogEntry {
  return {
    uuid: randomUUID(),
    accountId,
    agentId: accountId,
    timestamp: at(3600),
    duration: 60,
    fromNumber: '+15550100001',
    toNumber: '+15550100002',
    direction: 'inbound',
    channel: 'voice',
    isTest: false,
    appointmentBooked: false,
    collectedData: {},
    greetingLatencyMs: 500,
    turnLatenciesMs: [],
    usage: {},
    ...overrides,
  };
}

beforeAll(async () => {
  kit = await startApp();
  // The demo calls are not part of these cases.
  await kit.db.delete(conversationLogs);
  as = await kit.signInEach('acme', 'globex', 'agent1', 'reseller');

  const booked = entry(kit.ids.agent1, {
    timestamp: at(600),
    duration: 185,
    cnam: 'SMITH, "PAT"',
    appointmentBooked: true,
    transfer: '+15550109999',
    collectedData: { patientName: 'Pat Smith', visits: 3, nextVisit: '2026-04-02' },
  });
  bookedUuid = booked.uuid;
  await writeConversationLog(kit.db, booked);
  await writeConversationLog(
    kit.db,
    entry(kit.ids.agent1, {
      timestamp: at(7200),
      duration: 30,
      direction: 'outbound',
      collectedData: { patientName: 'Lee', visits: 1 },
    }),
  );
  await writeConversationLog(
    kit.db,
    entry(kit.ids.agent2, { timestamp: at(86_400 * 3), duration: 95, channel: 'sms' }),
  );
  // Outside the default 30-day window.
  await writeConversationLog(kit.db, entry(kit.ids.agent2, { timestamp: at(86_400 * 40), duration: 10 }));
  await writeConversationLog(
    kit.db,
    entry(kit.ids.agent3, { timestamp: at(1200), duration: 300, fromNumber: '+15550188888' }),
  );
  await recordUsage(kit.db, {
    accountId: kit.ids.agent1,
    unit: 'voice',
    quantity: 185,
    conversationUuid: booked.uuid,
    idempotencyKey: `${booked.uuid}:voice`,
  });
  await recordUsage(kit.db, {
    accountId: kit.ids.agent1,
    unit: 'tokens',
    quantity: 1200,
    conversationUuid: booked.uuid,
    idempotencyKey: `${booked.uuid}:tokens`,
  });
});
afterAll(() => kit.close());

/** The logs as `who` reads them: a page (or a refusal's message) unless the query asks for a download. */
const getLogs = <T = Page & { message: string }>(
  who: keyof typeof as,
  query: Record<string, string | number> = {},
) => as[who].get<T>('/api/v2/logs', { query });

interface Page {
  success: boolean;
  logs: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
  fields: string[];
  schema?: { name: string; type: string }[];
}

describe('GET /api/v2/logs', () => {
  it("answers a page of the organization's logs in the last 30 days, newest first, with the default fields", async () => {
    const response = await getLogs('acme');
    expect(response.status, response.text).toBe(200);
    const page = response.body;
    expect(page).toMatchObject({ success: true, total: 3, page: 1, pageSize: 20 });
    expect(page.fields).toEqual(['timestamp', 'contact', 'from', 'to', 'duration', 'outcome', 'summary']);
    expect(page.logs.map((row) => row.duration)).toEqual([185, 30, 95]);
    expect(page.logs[0]).toMatchObject({
      contact: 'SMITH, "PAT"',
      from: '+15550100001',
      to: 'Acme Front Desk',
      outcome: 'Appointment booked',
      uuid: bookedUuid,
    });
    expect(page.logs[0]?.timestamp).toBe(at(600).toISOString());
    expect(page.schema).toBeUndefined();
  });

  it('pages with 1-based page numbers and takes start, end and the chosen fields', async () => {
    const second = (await getLogs('acme', { page: 2, pageSize: 2, fields: 'duration,patientName' })).body;
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.logs).toEqual([
      { duration: 95, patientName: null, uuid: expect.any(String) as unknown, roomId: null },
    ]);
    const old = (await getLogs('acme', { start: now - 86_400 * 50, end: now - 86_400 * 30 })).body;
    expect(old.logs.map((row) => row.duration)).toEqual([10]);
  });

  it('filters with eq, neq, contains, gt, lt, gte, lte and in, on fields and collected data', async () => {
    const durations = async (query: Record<string, string>) =>
      (await getLogs('acme', { ...query, fields: 'duration' })).body.logs.map((row) => row.duration);
    expect(await durations({ direction: 'outbound' })).toEqual([30]);
    expect(await durations({ 'direction[neq]': 'outbound' })).toEqual([185, 95]);
    expect(await durations({ 'cnam[contains]': 'smith' })).toEqual([185]);
    expect(await durations({ 'duration[gt]': '60' })).toEqual([185, 95]);
    expect(await durations({ 'duration[lt]': '95' })).toEqual([30]);
    expect(await durations({ 'duration[gte]': '95', 'duration[lte]': '185' })).toEqual([185, 95]);
    expect(await durations({ 'channel[in]': 'sms,chat' })).toEqual([95]);
    expect(await durations({ appointmentBooked: 'true' })).toEqual([185]);
    expect(await durations({ patientName: 'Lee' })).toEqual([30]);
    expect(await durations({ 'visits[gt]': '2' })).toEqual([185]);
    expect(await durations({ direction: '' })).toEqual([185, 30, 95]);
  });

  it('names the problem in a 400 for bad filters, fields and windows', async () => {
    const problems: [Record<string, string>, string][] = [
      [{ 'duration[near]': '5' }, 'Unknown filter operator "near" for duration'],
      [{ duration: 'long' }, 'Filter duration needs a number (got "long")'],
      [{ 'appointmentBooked[gt]': 'true' }, 'Operator gt does not apply to appointmentBooked'],
      [{ 'bad-name': 'x' }, 'Invalid filter name: bad-name'],
      [{ start: '200', end: '100' }, 'start (200) is after end (100)'],
      [
        { 'timestamp[lt]': '9999999999999999999' },
        'Filter timestamp needs a date between the years 1 and 9999',
      ],
      [{ 'duration[gt]': '9'.repeat(400) }, 'Filter duration needs a number between'],
      [{ start: '9999999999999' }, 'query.start: Too big'],
    ];
    for (const [query, message] of problems) {
      const response = await getLogs('acme', query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect((await getLogs('acme', { fields: 'duration,drop table' })).status).toBe(400);
    expect((await getLogs('acme', { pageSize: 10_001 })).status).toBe(400);
    expect((await getLogs('acme', { format: 'xml' })).status).toBe(400);
  });

  it('names a filter that is neither a known field nor a collected-data key, whatever its name', async () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'nosuchkey']) {
      const response = await getLogs('acme', { [name]: 'x' });
      expect(response.status, `${name}: ${response.text}`).toBe(400);
      expect(response.body.message).toBe(
        `Unknown filter: ${name} (neither a log field nor a key of this account's collected data)`,
      );
    }
    const operator = await getLogs('acme', { 'constructor[gt]': '1', format: 'csv' });
    expect(operator.status, operator.text).toBe(400);
    // A collected-data key filters wherever the window is, and a column of such a name is only empty.
    expect((await getLogs('acme', { patientName: 'Lee', start: 0, end: 10 })).status).toBe(200);
    const column = await getLogs('acme', { fields: 'duration,constructor,toString' });
    expect(column.status, column.text).toBe(200);
    expect(column.body.logs[0]).toMatchObject({ constructor: null, toString: null });
  });

  it('infers the field schema with includeFields, collected-data keys included', async () => {
    const page = (await getLogs('acme', { includeFields: 'true' })).body;
    expect(page.schema?.slice(0, 5)).toEqual([
      { name: 'accountId', type: 'integer' },
      { name: 'accountName', type: 'string' },
      { name: 'agentId', type: 'integer' },
      { name: 'timestamp', type: 'date' },
      { name: 'duration', type: 'integer' },
    ]);
    expect(page.schema).toEqual(
      expect.arrayContaining([
        { name: 'patientName', type: 'string' },
        { name: 'visits', type: 'integer' },
        { name: 'nextVisit', type: 'date' },
      ]),
    );
  });
});

describe('who sees which logs', () => {
  const uuidsOf = async (who: keyof typeof as, query: Record<string, string | number> = {}) =>
    (await getLogs(who, { ...query, fields: 'uuid', pageSize: 100 })).body.logs.map((row) => row.uuid);

  it('shows an agent only its own rows and an organization only its agents', async () => {
    expect(await uuidsOf('agent1')).toHaveLength(2);
    const globex = (await getLogs('globex')).body;
    expect(globex.total).toBe(1);
    expect(globex.logs[0]?.from).toBe('+15550188888');
  });

  it('gives nothing of another tenant, whatever the filter says', async () => {
    expect(await uuidsOf('globex', { accountId: kit.ids.agent1 })).toEqual([]);
    expect(await uuidsOf('globex', { uuid: bookedUuid })).toEqual([]);
    const csv = await getLogs('globex', { format: 'csv', fields: 'uuid,fromNumber' });
    expect(csv.text).not.toContain(bookedUuid);
    expect(csv.text.trim().split('\n')).toHaveLength(2);
  });

  it("refuses another tenant's targetAccountId and lets the reseller act for its organizations", async () => {
    const refused = await getLogs('globex', { targetAccountId: kit.ids.acme });
    expect(refused.status, refused.text).toBe(403);
    expect((await getLogs('agent1', { targetAccountId: kit.ids.agent2 })).status).toBe(403);
    expect((await getLogs('reseller')).body.total).toBe(4);
    expect((await getLogs('reseller', { targetAccountId: kit.ids.globex })).body.total).toBe(1);
    expect((await getLogs('acme', { targetAccountId: kit.ids.agent2 })).body.total).toBe(1);
  });
});

describe('downloads', () => {
  it('streams every matching row as CSV with the chosen columns, every cell quoted (as COPY quotes it)', async () => {
    const response = await getLogs('acme', {
      format: 'csv',
      fields: 'duration,cnam,transfer,appointmentBooked,patientName',
      pageSize: 1,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="conversation_logs_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.text).toBe(
      [
        'duration,cnam,transfer,appointmentBooked,patientName',
        '"185","SMITH, ""PAT""","+15550109999","true","Pat Smith"',
        '"30",,,"false","Lee"',
        '"95",,,"false",',
        '',
      ].join('\n'),
    );
  });

  it('streams a JSON file of every matching row with download=true', async () => {
    const response = await getLogs<Record<string, unknown>[]>('acme', {
      download: 'true',
      fields: 'duration,visits',
      'duration[gte]': '30',
    });
    expect(response.headers['content-disposition']).toMatch(
      /filename="conversation_logs_\d{4}-\d{2}-\d{2}\.json"/,
    );
    const rows = response.body;
    expect(rows.map((row) => [row.duration, row.visits])).toEqual([
      [185, 3],
      [30, 1],
      [95, null],
    ]);
  });

  it('makes text a spreadsheet would run as a formula inert, in both CSV downloads', async () => {
    const hostile = entry(kit.ids.agent1, {
      timestamp: at(300),
      duration: 42,
      cnam: '=HYPERLINK("http://x","y")',
      collectedData: { patientName: '@SUM(1+1)', reason: '\tcmd', visits: -5 },
    });
    await writeConversationLog(kit.db, hostile);
    try {
      const logs = await getLogs('acme', {
        format: 'csv',
        fields: 'cnam,patientName,reason,visits,duration,fromNumber',
        uuid: hostile.uuid,
      });
      expect(logs.text).toBe(
        [
          'cnam,patientName,reason,visits,duration,fromNumber',
          `"'=HYPERLINK(""http://x"",""y"")","'@SUM(1+1)","'\tcmd","-5","42","+15550100001"`,
          '',
        ].join('\n'),
      );
      const conversations = await as.acme.get('/api/v2/logs/conversations', {
        query: { format: 'csv', uuid: hostile.uuid },
      });
      const [header, line] = conversations.text.trim().split('\n');
      const columns = header!.split(',');
      const cells = line!.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
      expect(cells[columns.indexOf('cnam')]).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
      expect(cells[columns.indexOf('patientName')]).toBe(`"'@SUM(1+1)"`);
    } finally {
      await kit.db.delete(conversationLogs).where(eq(conversationLogs.uuid, hostile.uuid));
    }
  });

  it('answers a bad CSV request with a JSON error, not a file', async () => {
    const response = await getLogs('acme', { format: 'csv', 'timestamp[lt]': '99999999999999' });
    expect(response.status, response.text).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('writes a header-only CSV when nothing matches', async () => {
    const response = await getLogs('acme', { format: 'csv', fields: 'duration', direction: 'nowhere' });
    expect(response.text).toBe('duration\n');
  });

  it('exports one row per conversation with collected data and usage per unit', async () => {
    const response = await as.acme.get('/api/v2/logs/conversations', { query: { format: 'csv' } });
    expect(response.status, response.text).toBe(200);
    const [header, ...lines] = response.text.trim().split('\n');
    const columns = header!.split(',');
    expect(columns).toEqual(
      expect.arrayContaining(['uuid', 'patientName', 'visits', 'usage_voice', 'usage_tokens']),
    );
    const booked = lines.find((line) => line.includes(bookedUuid))!;
    const cell = (name: string) => booked.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[columns.indexOf(name)];
    expect([cell('usage_voice'), cell('usage_tokens'), cell('patientName'), cell('usage_number')]).toEqual([
      '"185"',
      '"1200"',
      '"Pat Smith"',
      '"0"',
    ]);
    expect(lines).toHaveLength(3);

    const json = await as.acme.get<Record<string, unknown>[]>('/api/v2/logs/conversations', {
      query: { format: 'json' },
    });
    const rows = json.body;
    expect(rows.find((row) => row.uuid === bookedUuid)).toMatchObject({
      usage_voice: 185,
      visits: 3,
      appointmentBooked: true,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type ResponseOf } from '@switchboard/contract';
import { startApp, type DemoApp, type SignedInClient } from '@switchboard/testing';

let kit: DemoApp;
let acme: SignedInClient;
let agent1: SignedInClient;
let globex: SignedInClient;

beforeAll(async () => {
  kit = await startApp();
  ({ acme, agent1, globex } = await kit.signInEach('acme', 'agent1', 'globex'));
});
afterAll(() => kit.close());

type CsvAnswer = ResponseOf<typeof endpoints.uploadTaskCsv> & { message: string };

const boundary = '----switchboard-task-list';

function form(csv: string | Buffer, fields: Record<string, string> = {}, fileField = 'csv'): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="list.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    typeof csv === 'string' ? Buffer.from(csv) : csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return Buffer.concat(chunks);
}

const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };

const upload = (
  client: SignedInClient,
  csv: string | Buffer,
  options: {
    dryRun?: boolean;
    fields?: Record<string, string>;
    targetAccountId?: number;
    fileField?: string;
  } = {},
) =>
  client.post<CsvAnswer>('/api/v2/tasks/csv', form(csv, options.fields, options.fileField), {
    headers,
    query: { dryRun: options.dryRun },
    ...(options.targetAccountId === undefined ? {} : { targetAccountId: options.targetAccountId }),
  });

async function countTasks(client: SignedInClient) {
  const stats = await client.call(endpoints.taskStats);
  return stats.body.total;
}

describe('task lists from CSV', () => {
  it('checks a file on a dry run (mapping, bad rows, duplicates) and queues nothing', async () => {
    const before = await countTasks(acme);
    const csv =
      '\uFEFFtarget,First Name,context,type,plan\r\n' +
      '(415) 555-0101,Rosa,"Booked Friday, 9am",call,gold\r\n' +
      '\r\n' +
      '415-555-0102,"Jake ""The Detective""","Line one\nline two",,silver\r\n' +
      'not a number,Amy,,call,\r\n' +
      '+1 415 555 0101,Rosa again,,call,\r\n' +
      '4155550104,Gina,,fax,\r\n';
    const response = await upload(agent1, csv, { dryRun: true });
    expect(response.status, response.text).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({ dryRun: true, batchId: null, rows: 5, queued: 0 });
    expect(body.columns).toEqual([
      { name: 'target', field: 'target', recognised: true },
      { name: 'First Name', field: 'variables.First Name', recognised: false },
      { name: 'context', field: 'context', recognised: true },
      { name: 'type', field: 'type', recognised: true },
      { name: 'plan', field: 'variables.plan', recognised: false },
    ]);
    expect(body.tasks.map((task) => [task.line, task.target, task.taskId])).toEqual([
      [2, '+14155550101', null],
      [4, '+14155550102', null],
    ]);
    expect(body.tasks[0]).toMatchObject({
      context: 'Booked Friday, 9am',
      variables: { 'First Name': 'Rosa', plan: 'gold' },
      accountId: kit.ids.agent1,
    });
    expect(body.tasks[1]).toMatchObject({
      context: 'Line one\nline two',
      variables: { 'First Name': 'Jake "The Detective"', plan: 'silver' },
    });
    expect(body.errors).toEqual([
      {
        line: 6,
        column: 'target',
        message: expect.stringMatching(/"not a number" is not a phone number/) as string,
      },
      { line: 8, column: 'type', message: '"fax" is not a task type (call or text)' },
    ]);
    expect(body.duplicates).toEqual([{ line: 7, duplicateOf: 2 }]);
    expect(body.message).toBe('2 of 5 rows would be queued (2 rows with problems, 1 duplicates left out)');
    expect(await countTasks(acme)).toBe(before);
  });

  it('queues the good rows together under one batch', async () => {
    const csv = [
      'target,type,message,accountId,externalTaskId,waitToGreet,scheduledFor,note',
      `4155550111,call,,${String(kit.ids.agent2)},ext-1,yes,,first`,
      `4155550112,text,See you at 3,${String(kit.ids.agent2)},ext-2,no,,`,
      `4155550113,text,,${String(kit.ids.agent2)},ext-3,,,`,
    ].join('\n');
    const response = await upload(acme, csv, { fields: { dryRun: 'false' } });
    expect(response.status, response.text).toBe(200);
    expect(response.body.queued).toBe(2);
    expect(response.body.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.errors).toEqual([
      { line: 4, column: 'message', message: 'a text task needs the message to send' },
    ]);
    const batch = await acme.call(endpoints.listTasks, {
      query: { batchId: response.body.batchId ?? '', sort: 'createdAt', order: 'asc' },
    });
    expect(batch.body.total).toBe(2);
    expect(batch.body.tasks.map((task) => [task.target, task.type, task.accountId, task.source])).toEqual([
      ['+14155550111', 'call', kit.ids.agent2, 'csv'],
      ['+14155550112', 'text', kit.ids.agent2, 'csv'],
    ]);
    expect(batch.body.tasks[0]).toMatchObject({
      waitToGreet: true,
      externalTaskId: 'ext-1',
      variables: { note: 'first' },
    });
    const stats = await acme.call(endpoints.taskStats, { query: { batchId: response.body.batchId ?? '' } });
    expect(stats.body.byState.pending).toBe(2);
  });

  it.each([
    [
      'a binary file',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      415,
      /not CSV/,
    ],
    ['a file without a header', '4155550101,Rosa\n4155550102,Jake\n', 400, /^Line 1 must be a header row/],
    [
      'a header without target',
      'name,phone\nRosa,4155550101\n',
      400,
      /^Line 1 \(the header\) has no "target" column/,
    ],
    [
      'an unclosed quote',
      'target,context\n4155550101,"never closed\n',
      400,
      /^Line 2: a quoted field is never closed/,
    ],
    ['a header only', 'target,context\r\n', 400, /header but no rows/],
    ['an empty file', '', 400, /empty/],
    ['a column named twice', 'target,Target\n4155550101,4155550102\n', 400, /"Target" appears twice/],
  ])('refuses %s whole', async (_name, csv, status, message) => {
    const before = await countTasks(agent1);
    const response = await upload(agent1, csv);
    expect(response.status, response.text).toBe(status);
    expect(response.body.message).toMatch(message);
    expect(await countTasks(agent1)).toBe(before);
  });

  it('refuses a file over the limit, saying the limit', async () => {
    const big = `target,context\n${`4155550101,${'x'.repeat(1000)}\n`.repeat(2200)}`;
    const response = await upload(agent1, big);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('The CSV file is larger than the 2 MB limit');
    const rows = `target\n${'4155550101\n'.repeat(10_001)}`;
    const tooMany = await upload(agent1, rows);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toBe('The CSV file has 10001 rows; the limit is 10000 per file');
  });

  it('refuses a file naming an unknown or foreign account, and queues none of its rows', async () => {
    const before = await countTasks(acme);
    for (const accountId of [kit.ids.agent3, 999_999, kit.ids.acme]) {
      const csv = `target,accountId\n4155550121,${String(kit.ids.agent1)}\n4155550122,${String(accountId)}\n`;
      const response = await upload(acme, csv);
      expect(response.status, response.text).toBe(403);
      expect(response.body.message).toBe(
        `Line 3, column accountId: ${String(accountId)} is not an agent account you may use; nothing was queued`,
      );
    }
    expect(await countTasks(acme)).toBe(before);
    const acting = await upload(globex, 'target\n4155550123\n', { targetAccountId: kit.ids.agent1 });
    expect(acting.status).toBe(403);
    const defaulted = await upload(globex, 'target\n4155550123\n', {
      fields: { accountId: String(kit.ids.agent1) },
    });
    expect(defaulted.status).toBe(403);
    expect(await countTasks(acme)).toBe(before);
  });

  it('needs an agent account for rows that name none', async () => {
    const response = await upload(acme, 'target\n4155550131\n', { dryRun: true });
    expect(response.status).toBe(200);
    expect(response.body.errors).toEqual([
      {
        line: 2,
        column: 'accountId',
        message: 'is empty and the upload names no agent account for the file',
      },
    ]);
    expect(response.body.tasks).toEqual([]);
    const named = await upload(acme, 'target\n4155550131\n', {
      dryRun: true,
      fields: { accountId: String(kit.ids.agent1) },
    });
    expect(named.body.tasks.map((task) => task.accountId)).toEqual([kit.ids.agent1]);
    const answer = await upload(acme, 'target\n4155550131\n', { fields: { dryRun: 'maybe' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^dryRun: must be true or false/);
  });

  it('refuses a request that is not a form with a csv file', async () => {
    const plain = await agent1.post<CsvAnswer>('/api/v2/tasks/csv', { csv: 'target\n4155550101' });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toMatch(/multipart\/form-data field named "csv"/);
    const wrongField = await upload(agent1, 'target\n4155550101\n', { fileField: 'list' });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toMatch(/Unexpected file field "list"/);
  });
});

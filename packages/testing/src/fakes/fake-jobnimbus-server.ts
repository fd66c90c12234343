import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeJobNimbusRecord {
  jnid: string;
  [field: string]: unknown;
}

export interface FakeJobNimbusServer {
  /** The API base (JOBNIMBUS_API_URL), `.../api1`. */
  url: string;
  token: string;
  contacts: FakeJobNimbusRecord[];
  jobs: FakeJobNimbusRecord[];
  tasks: FakeJobNimbusRecord[];
  requests: { method: string; path: string; body: unknown }[];
  /** A task already on the team calendar (unix seconds on the wire). */
  addTask(title: string, start: Date, end: Date): void;
  /** The key stops working (401 from then on), as a key deleted in JobNimbus does. */
  revokeToken(): void;
  /** The next request to `method path` (path under /api1) answers this status, as JobNimbus does when it fails. */
  failNext(method: string, path: string, status: number): void;
  close(): Promise<void>;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * JobNimbus's API on loopback under `/api1`: bearer key check (401 otherwise), `GET /contacts`, `POST /contacts`
 * (display_name, record_type_name and status_name required), `POST /jobs` (a primary contact that exists),
 * `GET /tasks` with a date range filter and `POST /tasks`. Records get a `jnid`; dates are unix seconds.
 */
export async function startFakeJobNimbusServer(): Promise<FakeJobNimbusServer> {
  const token = `jn_${randomBytes(12).toString('hex')}`;
  const contacts: FakeJobNimbusRecord[] = [];
  const jobs: FakeJobNimbusRecord[] = [];
  const tasks: FakeJobNimbusRecord[] = [];
  const requests: FakeJobNimbusServer['requests'] = [];
  let revoked = false;
  const failures: { method: string; path: string; status: number }[] = [];
  const jnid = () => randomBytes(8).toString('hex');
  const required = (body: Record<string, unknown>, fields: string[]) =>
    fields.filter((field) => typeof body[field] !== 'string' || body[field] === '');

  const route = (method: string, url: URL, body: Record<string, unknown>): [number, unknown] => {
    const path = url.pathname.replace(/^\/api1/, '');
    const failure = failures.findIndex((entry) => entry.method === method && entry.path === path);
    if (failure >= 0) {
      const [{ status } = { status: 500 }] = failures.splice(failure, 1);
      return [status, { message: 'Internal Server Error' }];
    }
    if (method === 'GET' && path === '/contacts') return [200, { count: contacts.length, results: contacts }];
    if (method === 'POST' && path === '/contacts') {
      const missing = required(body, ['display_name', 'record_type_name', 'status_name']);
      if (missing.length > 0) return [400, { message: `Missing ${missing.join(', ')}` }];
      const record = { ...body, jnid: jnid(), date_created: seconds(new Date()) };
      contacts.push(record);
      return [200, record];
    }
    if (method === 'POST' && path === '/jobs') {
      const primary = (body.primary ?? {}) as { id?: string };
      if (!contacts.some((contact) => contact.jnid === primary.id)) {
        return [400, { message: 'primary contact not found' }];
      }
      const missing = required(body, ['name', 'record_type_name', 'status_name']);
      if (missing.length > 0) return [400, { message: `Missing ${missing.join(', ')}` }];
      const record = { ...body, jnid: jnid() };
      jobs.push(record);
      return [200, record];
    }
    if (method === 'GET' && path === '/tasks') {
      let from = -Infinity;
      let to = Infinity;
      try {
        const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as {
          must?: { range?: Record<string, { lt?: number; gt?: number }> }[];
        };
        for (const clause of filter.must ?? []) {
          if (clause.range?.date_start?.lt !== undefined) to = clause.range.date_start.lt;
          if (clause.range?.date_end?.gt !== undefined) from = clause.range.date_end.gt;
        }
      } catch {
        return [400, { message: 'filter is not JSON' }];
      }
      const results = tasks.filter((task) => Number(task.date_start) < to && Number(task.date_end) > from);
      return [200, { count: results.length, results }];
    }
    if (method === 'POST' && path === '/tasks') {
      if (typeof body.date_start !== 'number' || typeof body.date_end !== 'number' || !body.title) {
        return [400, { message: 'title, date_start and date_end are required' }];
      }
      const record = { ...body, jnid: jnid(), is_completed: false };
      tasks.push(record);
      return [200, record];
    }
    return [404, { message: `Not found: ${method} ${path}` }];
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown>;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      const method = request.method ?? 'GET';
      requests.push({ method, path: `${url.pathname}${url.search}`, body });
      const [status, answer] =
        !revoked && request.headers.authorization === `Bearer ${token}`
          ? route(method, url, body)
          : [401, { message: 'Unauthorized' }];
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/api1`,
    token,
    contacts,
    jobs,
    tasks,
    requests,
    addTask(title, start, end) {
      tasks.push({
        jnid: jnid(),
        title,
        date_start: seconds(start),
        date_end: seconds(end),
        is_completed: false,
      });
    },
    revokeToken() {
      revoked = true;
    },
    failNext(method, path, status) {
      failures.push({ method, path, status });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * JobNimbus's public API (https://app.jobnimbus.com/api1, `Authorization: Bearer <API key>`; JobNimbus publishes no
 * SDK, this is its REST API over fetch). Dates are unix seconds; lists come back in `results`.
 */

/** JobNimbus answered with an error status (`status` 0 when it could not be reached). */
export class JobNimbusError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'JobNimbusError';
  }
}

export interface JobNimbusTask {
  jnid: string;
  title: string;
  start: Date;
  end: Date;
}

export interface JobNimbusClient {
  /** Checks the key by reading one contact (any key with API access may). */
  validate(): Promise<void>;
  /** Calendar tasks (appointments) of the team overlapping [from, to). */
  tasks(from: Date, to: Date): Promise<JobNimbusTask[]>;
  createContact(input: { displayName: string; phone: string | null }): Promise<{ jnid: string }>;
  createJob(input: { name: string; contactJnid: string }): Promise<{ jnid: string }>;
  createTask(input: {
    title: string;
    start: Date;
    end: Date;
    relatedJnid: string;
  }): Promise<{ jnid: string }>;
}

const timeoutMs = 10_000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createJobNimbusClient(options: { baseUrl: string; token: string }): JobNimbusClient {
  const base = options.baseUrl.replace(/\/+$/, '');

  async function request(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new JobNimbusError(0, `JobNimbus could not be reached (${(error as Error).message})`);
    }
    const raw = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      parsed = { message: raw.slice(0, 200) };
    }
    if (!response.ok) {
      const detail =
        typeof parsed.message === 'string' && parsed.message ? parsed.message : response.statusText;
      throw new JobNimbusError(response.status, `${detail} (${response.status})`);
    }
    return parsed;
  }

  const jnidOf = (answer: Record<string, unknown>) => {
    if (typeof answer.jnid !== 'string') throw new JobNimbusError(502, 'JobNimbus answered without a jnid');
    return { jnid: answer.jnid };
  };

  return {
    async validate() {
      await request('GET', '/contacts?size=1&fields=jnid');
    },
    async tasks(from, to) {
      const filter = JSON.stringify({
        must: [
          { range: { date_start: { lt: seconds(to) } } },
          { range: { date_end: { gt: seconds(from) } } },
        ],
      });
      const answer = await request('GET', `/tasks?size=500&filter=${encodeURIComponent(filter)}`);
      const results = Array.isArray(answer.results) ? (answer.results as Record<string, unknown>[]) : [];
      return results
        .filter((task) => task.is_completed !== true)
        .map((task) => ({
          jnid: typeof task.jnid === 'string' ? task.jnid : '',
          title: typeof task.title === 'string' ? task.title : '',
          start: new Date(Number(task.date_start) * 1000),
          end: new Date(Number(task.date_end) * 1000),
        }))
        .filter((task) => !Number.isNaN(task.start.getTime()) && !Number.isNaN(task.end.getTime()));
    },
    async createContact(input) {
      return jnidOf(
        await request('POST', '/contacts', {
          display_name: input.displayName,
          first_name: input.displayName.split(' ')[0] ?? input.displayName,
          record_type_name: 'Customer',
          status_name: 'Lead',
          ...(input.phone ? { mobile_phone: input.phone } : {}),
        }),
      );
    },
    async createJob(input) {
      return jnidOf(
        await request('POST', '/jobs', {
          name: input.name,
          record_type_name: 'Customer',
          status_name: 'Lead',
          primary: { id: input.contactJnid },
        }),
      );
    },
    async createTask(input) {
      return jnidOf(
        await request('POST', '/tasks', {
          title: input.title,
          record_type_name: 'Appointment',
          date_start: seconds(input.start),
          date_end: seconds(input.end),
          related: [{ id: input.relatedJnid }],
        }),
      );
    },
  };
}

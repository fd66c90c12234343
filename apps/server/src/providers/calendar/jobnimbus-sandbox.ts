import { randomBytes } from 'node:crypto';
import { JobNimbusError, type JobNimbusClient, type JobNimbusTask } from './jobnimbus';

/** API keys the stand-in takes start with this; any other key is refused as JobNimbus refuses a wrong one. */
export const sandboxJobNimbusKeyPrefix = 'jn_sandbox_';

interface SandboxJobNimbusRecord {
  jnid: string;
  type: 'contact' | 'job' | 'task';
  fields: Record<string, unknown>;
}

/** One JobNimbus account of the stand-in: what was created with its key. */
interface SandboxJobNimbusAccount {
  records: SandboxJobNimbusRecord[];
  tasks: JobNimbusTask[];
  /** A key revoked in the stand-in answers 401 from then on, as a key deleted in JobNimbus does. */
  revoked: boolean;
}

/**
 * The offline stand-in for JobNimbus (development and e2e; closed in production, decisions/045): keys beginning
 * `jn_sandbox_` are accepted, any other is refused with 401; contacts, jobs and calendar tasks are kept in memory
 * per key, so the team calendar shows what was booked and busy times come back as JobNimbus answers them.
 */
export class SandboxJobNimbus {
  readonly sandbox = true;
  private readonly accounts = new Map<string, SandboxJobNimbusAccount>();

  /** The account behind a key (made on first use, as if the key's JobNimbus account existed). */
  accountOf(token: string): SandboxJobNimbusAccount | null {
    if (!token.startsWith(sandboxJobNimbusKeyPrefix) || token.length < sandboxJobNimbusKeyPrefix.length + 4) {
      return null;
    }
    let account = this.accounts.get(token);
    if (!account) {
      account = { records: [], tasks: [], revoked: false };
      this.accounts.set(token, account);
    }
    return account;
  }

  /** Revokes a key, as deleting it in JobNimbus's settings does. */
  revoke(token: string): void {
    const account = this.accountOf(token);
    if (account) account.revoked = true;
  }

  client(token: string): JobNimbusClient {
    const authorized = (): SandboxJobNimbusAccount => {
      const account = this.accountOf(token);
      if (!account || account.revoked) throw new JobNimbusError(401, 'Invalid API key (401)');
      return account;
    };
    const create = (type: SandboxJobNimbusRecord['type'], fields: Record<string, unknown>) => {
      const jnid = `sbx${randomBytes(8).toString('hex')}`;
      authorized().records.push({ jnid, type, fields });
      return { jnid };
    };
    const run = <T>(work: () => T): Promise<T> => {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    return {
      validate: () => run(() => void authorized()),
      tasks: (from, to) =>
        run(() =>
          authorized()
            .tasks.filter((task) => task.start < to && task.end > from)
            .map((task) => ({ ...task })),
        ),
      createContact: (input) =>
        run(() => create('contact', { display_name: input.displayName, mobile_phone: input.phone })),
      createJob: (input) =>
        run(() => {
          const account = authorized();
          if (
            !account.records.some((record) => record.type === 'contact' && record.jnid === input.contactJnid)
          ) {
            throw new JobNimbusError(400, `Contact ${input.contactJnid} not found (400)`);
          }
          return create('job', { name: input.name, primary: { id: input.contactJnid } });
        }),
      createTask: (input) =>
        run(() => {
          const account = authorized();
          if (!account.records.some((record) => record.jnid === input.relatedJnid)) {
            throw new JobNimbusError(400, `Related record ${input.relatedJnid} not found (400)`);
          }
          if (input.end <= input.start)
            throw new JobNimbusError(400, 'date_end must be after date_start (400)');
          const created = create('task', { title: input.title, related: [{ id: input.relatedJnid }] });
          account.tasks.push({ jnid: created.jnid, title: input.title, start: input.start, end: input.end });
          return created;
        }),
    };
  }
}

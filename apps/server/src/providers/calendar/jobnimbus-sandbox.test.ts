import { describe, expect, it } from 'vitest';
import { calendarConfigFromEnv } from './config';
import { JobNimbusError } from './jobnimbus';
import { SandboxJobNimbus } from './jobnimbus-sandbox';
import { sandboxJobNimbusFor } from '../../features/calendar/jobnimbus.service';

const key = 'jn_sandbox_team_one';

describe('the offline stand-in of JobNimbus', () => {
  it('refuses a key that is not a sandbox key with 401, as JobNimbus refuses a wrong one', async () => {
    const sandbox = new SandboxJobNimbus();
    await expect(sandbox.client('jn_live_0123').validate()).rejects.toMatchObject({
      name: 'JobNimbusError',
      status: 401,
    });
    await expect(sandbox.client(key).validate()).resolves.toBeUndefined();
  });

  it('keeps contacts, jobs and team-calendar tasks per key; tasks come back as busy times', async () => {
    const sandbox = new SandboxJobNimbus();
    const client = sandbox.client(key);
    const contact = await client.createContact({ displayName: 'Pat Roofer', phone: '+15557770002' });
    const job = await client.createJob({ name: 'Roof estimate: Pat Roofer', contactJnid: contact.jnid });
    await expect(client.createJob({ name: 'x', contactJnid: 'nobody' })).rejects.toMatchObject({
      status: 400,
    });
    const start = new Date('2030-01-07T15:00:00Z');
    const end = new Date('2030-01-07T16:00:00Z');
    await client.createTask({ title: 'Roof estimate', start, end, relatedJnid: job.jnid });
    expect(
      await client.tasks(new Date('2030-01-07T00:00:00Z'), new Date('2030-01-08T00:00:00Z')),
    ).toMatchObject([{ title: 'Roof estimate', start, end }]);
    expect(await client.tasks(end, new Date('2030-01-08T00:00:00Z'))).toEqual([]);
    // Another key is another JobNimbus account.
    expect(await sandbox.client('jn_sandbox_team_two').tasks(start, end)).toEqual([]);
    sandbox.revoke(key);
    await expect(client.tasks(start, end)).rejects.toBeInstanceOf(JobNimbusError);
  });

  it('stands in only without JOBNIMBUS_API_URL and only while sandboxes are open (never in production)', () => {
    const db = {} as never;
    const unset = calendarConfigFromEnv({
      GOOGLE_API_URL: 'https://www.googleapis.com/',
      CALENDLY_API_URL: 'https://api.calendly.com',
    });
    expect(unset.jobNimbusUnset).toBe(true);
    expect(unset.jobNimbusApiUrl).toBe('https://app.jobnimbus.com/api1');
    expect(sandboxJobNimbusFor({ db, calendar: unset, sandboxOpen: true })).toBeInstanceOf(SandboxJobNimbus);
    expect(sandboxJobNimbusFor({ db, calendar: unset, sandboxOpen: false })).toBeNull();
    const set = calendarConfigFromEnv({
      GOOGLE_API_URL: 'https://www.googleapis.com/',
      CALENDLY_API_URL: 'https://api.calendly.com',
      JOBNIMBUS_API_URL: 'http://127.0.0.1:9/api1',
    });
    expect(sandboxJobNimbusFor({ db, calendar: set, sandboxOpen: true })).toBeNull();
  });
});

import { randomUUID } from 'node:crypto';
import type { TaskView } from '@switchboard/contract';
import { accounts, conversationLogs, eq, phoneCalls } from '@switchboard/db';
import {
  startApp,
  startFakeOpenAiServer,
  textAgent,
  type DemoApp,
  type SignedInClient,
} from '@switchboard/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectsFor } from '../../jobs/effects.repo';
import { ScriptedStt } from '../../providers/stt/scripted';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import { sandboxCalleeNumber } from '../../providers/telephony/sandbox-callees';
import type { SynthesisOptions, TextToSpeech } from '../../providers/tts/types';
import { energyVadFactory } from '../../providers/vad/energy';
import { dialerDeps } from './dialer.jobs';
import { placeTaskJob, type DialerDeps } from './dialer.service';
import { settleEndedCalls } from './task-outcomes';
import { findTaskRow } from './tasks.repo';

/** A voice with energy (a tone about as long as the words), so the agent's voice detector hears a callee speak. */
class ToneTts implements TextToSpeech {
  readonly name = 'tone';
  readonly sandbox = true;
  unavailableReason() {
    return Promise.resolve(null);
  }
  // eslint-disable-next-line @typescript-eslint/require-await -- an async generator is the interface's shape
  async *synthesize(text: string, options: SynthesisOptions): AsyncGenerator<Int16Array> {
    const samples = Math.round((options.sampleRate * Math.max(500, Math.min(1200, 15 * text.length))) / 1000);
    const tone = new Int16Array(samples);
    for (let i = 0; i < samples; i += 1)
      tone[i] = Math.round(6000 * Math.sin((2 * Math.PI * 300 * i) / options.sampleRate));
    yield tone;
  }
}

let kit: DemoApp;
let acme: SignedInClient;
let carrier: SandboxTelephony;
let deps: DialerDeps;
let fake: Awaited<ReturnType<typeof startFakeOpenAiServer>>;
/** The callee each call's recogniser hears: what the callee last said (the network keeps it). */
const callOfTask = new Map<string, string>();

beforeAll(async () => {
  fake = await startFakeOpenAiServer({ apiKey: 'sk-test', reply: () => ({ text: 'Great, thank you.' }) });
  const stt = new ScriptedStt(() => {
    // Every live call's callee: the recogniser hears the line spoken last on the newest call still speaking.
    const lines = [...callOfTask.values()]
      .map((callId) => carrier.network.callee(callId))
      .filter((record) => record?.endedBy === null);
    return (
      lines
        .at(-1)
        ?.said.filter((line) => line !== '(tone)')
        .at(-1) ?? ''
    );
  });
  kit = await startApp({
    env: {
      LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-test',
      LLM_MODEL: 'test-model',
    },
    speech: { stt, tts: new ToneTts(), vad: energyVadFactory },
  });
  await kit.db
    .update(accounts)
    .set({ vidaPhoneNumber: '+15550100011' })
    .where(eq(accounts.id, kit.ids.agent1));
  ({ acme } = await kit.signInEach('acme'));
  const telephony = kit.services.telephony;
  if (!(telephony instanceof SandboxTelephony)) throw new Error('the kit runs the sandbox network');
  carrier = telephony;
  Object.assign(carrier.network.options, {
    calleeAnswerMs: 100,
    busyAfterMs: 50,
    calleeTimings: { voicemailSilenceMs: 1_500, voicemailMaxMs: 20_000, promptWaitMs: 15_000 },
  });
  deps = { ...dialerDeps(kit.services), now: () => new Date() };
});
afterAll(async () => {
  await kit.close();
  await fake.close();
});

/** Creates the task, places its call through the dialer's job and answers the call's id. */
async function placeTask(target: string, body: Record<string, unknown>) {
  const created = await acme.post<{ task: TaskView }>('/api/v2/tasks', {
    type: 'call',
    target,
    accountId: kit.ids.agent1,
    ...body,
  });
  expect(created.status, created.text).toBe(200);
  const id = created.body.task.id;
  const jobId = randomUUID();
  expect(await placeTaskJob(deps, id, { effects: effectsFor(kit.db, jobId, `${jobId}:1`) })).toBe('placed');
  const callId = (await findTaskRow(kit.db, id))?.callId ?? '';
  callOfTask.set(String(id), callId);
  return { id, callId };
}

const callee = (callId: string) => carrier.network.callee(callId);
/** What the callee's side said, as the call's conversation log has it (once it is written). */
async function calleeLines(callId: string): Promise<string[]> {
  await expect
    .poll(
      async () =>
        (await kit.db.select().from(conversationLogs).where(eq(conversationLogs.callId, callId)))[0],
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const [log] = await kit.db.select().from(conversationLogs).where(eq(conversationLogs.callId, callId));
  return (log?.transcript ?? []).filter((entry) => entry.role === 'contact').map((entry) => entry.text);
}
const callRow = async (callId: string) =>
  (await kit.db.select().from(phoneCalls).where(eq(phoneCalls.callId, callId)))[0];

/** Waits for the call to end at the carrier and the dialer's sweep to close its try. */
async function settled(id: number) {
  await expect
    .poll(
      async () => {
        await settleEndedCalls(deps);
        return (await findTaskRow(kit.db, id))?.state;
      },
      { timeout: 20_000, interval: 200 },
    )
    .not.toBe('running');
  const task = await findTaskRow(kit.db, id);
  if (!task) throw new Error('the task is gone');
  return task;
}

const rosa = {
  variables: { first_name: 'Rosa', day: 'Friday' },
  context: 'Rosa Diaz is a patient of the clinic since 2019.',
  taskContext: 'Confirm her teeth cleaning appointment and offer to move it if the time does not suit her.',
};

describe("a task's call to a person", () => {
  it('greets with the task greeting, variables filled, and the model receives the task context', async () => {
    const { id, callId } = await placeTask(sandboxCalleeNumber('person', 1), {
      ...rosa,
      greeting: 'Hi {{first_name}}, this is Acme Dental about your cleaning on {{day}} at {{time}}.',
      waitToGreet: true,
    });
    await expect
      .poll(() => callee(callId)?.heard[0], { timeout: 15_000 })
      .toBe('Hi Rosa, this is Acme Dental about your cleaning on Friday at time.');
    // The person answers the greeting; the model's reply is written with the task in its prompt.
    await expect.poll(() => fake.requests.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const system = fake.requests[0]?.body.messages[0]?.content ?? '';
    expect(system).toContain(rosa.taskContext);
    expect(system).toContain(rosa.context);
    expect(system).toContain('first_name: Rosa');
    expect(system).not.toContain('undefined');
    await expect.poll(async () => (await callRow(callId))?.answeredBy, { timeout: 10_000 }).toBe('human');
    const running = await findTaskRow(kit.db, id);
    expect(running?.attempts.at(-1)).toMatchObject({ answeredBy: 'human', callId });
    await carrier.hangUp(callId);
    const done = await settled(id);
    expect(done).toMatchObject({ state: 'finished', outcome: 'completed' });
  });
});

describe('answering machines and menus', () => {
  it('leaves the task message after the voicemail beep, hangs up, and the outcome is voicemail', async () => {
    const { id, callId } = await placeTask(sandboxCalleeNumber('voicemail', 1), {
      ...rosa,
      message: 'Hi {{first_name}}, your cleaning is on {{day}}. Please call us back.',
      waitToGreet: true,
    });
    const done = await settled(id);
    expect(callee(callId)).toMatchObject({
      voicemail: 'Hi Rosa, your cleaning is on Friday. Please call us back.',
      endedBy: 'caller',
    });
    // Nothing was said over the greeting: the message came after the tone.
    expect(callee(callId)?.heard).toEqual(['Hi Rosa, your cleaning is on Friday. Please call us back.']);
    expect(done).toMatchObject({ state: 'finished', outcome: 'voicemail' });
    expect(done.attempts.at(-1)).toMatchObject({
      answeredBy: 'voicemail',
      detail: 'Left a message after the beep',
    });
    expect((await callRow(callId))?.answeredBy).toBe('voicemail');
    // The machine's greeting, which the agent did not answer, is in the call's transcript.
    expect((await calleeLines(callId)).join(' ')).toMatch(/leave a message after the tone/i);
  });

  it('hangs up at a voicemail when the task says so', async () => {
    const { id, callId } = await placeTask(sandboxCalleeNumber('voicemail', 2), {
      variables: { voicemail: 'hang-up' },
      waitToGreet: true,
    });
    const done = await settled(id);
    expect(callee(callId)?.heard).toEqual([]);
    expect(done).toMatchObject({ outcome: 'voicemail' });
    expect(done.attempts.at(-1)?.detail).toMatch(/Hung up at the voicemail/);
  });

  it('tells a call screener who is calling and why, then greets the person it puts through', async () => {
    const { id, callId } = await placeTask(sandboxCalleeNumber('screener', 7), {
      ...rosa,
      greeting: 'Hi {{first_name}}, this is Acme Dental.',
      waitToGreet: true,
    });
    await expect.poll(() => callee(callId)?.heard.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const heard = callee(callId)?.heard ?? [];
    expect(heard[0]).toMatch(/^My name is .+, and I'm calling about this: confirm her teeth cleaning/i);
    expect(heard[1]).toBe('Hi Rosa, this is Acme Dental.');
    expect(callee(callId)?.accepted).toBe(true);
    await carrier.hangUp(callId);
    const done = await settled(id);
    expect(done).toMatchObject({ outcome: 'completed' });
    expect(done.attempts.at(-1)).toMatchObject({
      answeredBy: 'screener',
      detail: 'Put through by the call screener',
    });
  });

  it('ends the call when the screener refuses: outcome screened-out', async () => {
    const { id, callId } = await placeTask(sandboxCalleeNumber('screener', 70), {
      ...rosa,
      waitToGreet: true,
    });
    const done = await settled(id);
    expect(callee(callId)?.accepted).toBe(false);
    expect(done).toMatchObject({ state: 'finished', outcome: 'screened-out' });
    expect(done.attempts.at(-1)?.detail).toMatch(/^Refused by the call screener/);
  });

  it('presses the menu key that fits the task and greets the department it reaches', async () => {
    const { id, callId } = await placeTask(sandboxCalleeNumber('menu', 3), {
      taskContext: 'Ask support why the order has not shipped.',
      greeting: 'Hello, I am calling about an order.',
      waitToGreet: true,
    });
    await expect
      .poll(() => callee(callId)?.heard, { timeout: 25_000 })
      .toContain('Hello, I am calling about an order.');
    expect(callee(callId)?.digits).toBe('2');
    await carrier.hangUp(callId);
    const done = await settled(id);
    expect(done.attempts.at(-1)).toMatchObject({
      answeredBy: 'menu',
      detail: 'Pressed 2 (support) at the phone menu',
    });
    expect((await callRow(callId))?.answeredBy).toBe('menu');
    // The menu's prompt comes first in the transcript, then the department's person, whom the agent talked with.
    const lines = await calleeLines(callId);
    expect(lines[0]).toBe('Thank you for calling. For sales, press 1. For support, press 2.');
    expect(lines).toContain('Hi, this is Alex from support. How can I help?');
  });
});

describe("a contact's reply to a task's text", () => {
  it('is answered by the agent with the task in its prompt, in a thread the agent started', async () => {
    const target = '+15557770188';
    const created = await acme.post<{ task: TaskView }>('/api/v2/tasks', {
      type: 'text',
      target,
      accountId: kit.ids.agent1,
      message: 'Hi {{first_name}}, your cleaning is on {{day}} at 10. Reply to confirm or move it.',
      ...rosa,
    });
    expect(created.status, created.text).toBe(200);
    const jobId = randomUUID();
    const id = created.body.task.id;
    expect(await placeTaskJob(deps, id, { effects: effectsFor(kit.db, jobId, `${jobId}:1`) })).toBe('sent');

    const before = fake.requests.length;
    const reply = 'Can we make it 11 instead?';
    const received = await textAgent(
      kit,
      { to: '+15550100011', from: target, text: reply },
      { waitForReply: true },
    );
    const request = fake.requests
      .slice(before)
      .find((sent) => JSON.stringify(sent.body.messages).includes(reply));
    const system = request?.body.messages[0]?.content ?? '';
    expect(system).toContain(rosa.taskContext);
    expect(system).toContain(rosa.context);
    expect(system).toContain('first_name: Rosa');
    // The turn's log is written once the reply has gone out.
    await expect
      .poll(
        async () =>
          (
            await kit.db
              .select({ direction: conversationLogs.direction })
              .from(conversationLogs)
              .where(eq(conversationLogs.roomId, received.room.roomId))
          )[0]?.direction,
        { timeout: 10_000 },
      )
      .toBe('outbound');

    // A text from someone no task wrote to is answered without any task in the prompt.
    const stranger = await textAgent(
      kit,
      { to: '+15550100011', from: '+15557770189', text: 'Are you open today?' },
      { waitForReply: true },
    );
    const plain = fake.requests.find((sent) =>
      JSON.stringify(sent.body.messages).includes('Are you open today?'),
    );
    expect(plain?.body.messages[0]?.content ?? '').not.toContain(rosa.taskContext);
    expect(stranger.reply).not.toBeNull();
  });
});

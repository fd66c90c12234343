import { describe, expect, it } from 'vitest';
import { captureLogs } from '@switchboard/testing';
import { createBackgroundWork } from './background-work';
import { createLogger } from './logger';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('background work', () => {
  it('logs a failure with what was being done, and never throws it', async () => {
    const logs = captureLogs();
    const background = createBackgroundWork(createLogger({ level: 'info' }, logs.stream));
    background.run(Promise.reject(new Error('model offline')), "the agent's reply in room 1:2");
    await background.drain();
    await settle();
    expect(logs.text()).toContain("the agent's reply in room 1:2 failed");
    expect(logs.text()).toContain('model offline');
  });

  it('drains what runs now and what that work starts before it is done', async () => {
    const background = createBackgroundWork(createLogger({ level: 'silent' }));
    const done: string[] = [];
    background.run(
      settle().then(() => {
        done.push('first');
        background.run(
          settle().then(() => done.push('second')),
          'the follow-up',
        );
      }),
      'the first step',
    );
    await background.drain();
    expect(done).toEqual(['first', 'second']);
    await background.drain();
  });
});

import { describe, expect, it } from 'vitest';
import {
  completeWalkthroughOnLoad,
  finishWalkthroughStep,
  isWalkthroughComplete,
  nextWalkthroughStep,
  readWalkthrough,
  startNextWalkthroughStep,
  startWalkthroughStep,
  walkthroughSteps,
  type WalkthroughState,
} from './walkthrough';

const nobody = { hasPhoneNumber: false, onboardingComplete: false, legacy: false };

describe('the walkthrough', () => {
  it('has the four steps in order', () => {
    expect(walkthroughSteps).toEqual(['SETUP_AGENT', 'TEST_AGENT', 'ADD_NUMBER', 'FORWARD_CALLS']);
  });

  it('starting a step saves version 1 when none exists', () => {
    expect(startWalkthroughStep(null, 'TEST_AGENT')).toEqual({
      version: 1,
      completed: [],
      active: 'TEST_AGENT',
    });
    const existing: WalkthroughState = { version: 1, completed: ['SETUP_AGENT'], active: null };
    expect(startWalkthroughStep(existing, 'ADD_NUMBER')).toEqual({ ...existing, active: 'ADD_NUMBER' });
  });

  it('finishing the active step completes it and ends the walkthrough', () => {
    const state = finishWalkthroughStep(startWalkthroughStep(null, 'SETUP_AGENT'), 'SETUP_AGENT');
    expect(state).toEqual({ version: 1, completed: ['SETUP_AGENT'], active: null });
  });

  it('finishing another step keeps the active one going, without duplicates and in order', () => {
    let state = startWalkthroughStep(null, 'ADD_NUMBER');
    state = finishWalkthroughStep(state, 'TEST_AGENT');
    state = finishWalkthroughStep(state, 'SETUP_AGENT');
    state = finishWalkthroughStep(state, 'TEST_AGENT');
    expect(state).toEqual({ version: 1, completed: ['SETUP_AGENT', 'TEST_AGENT'], active: 'ADD_NUMBER' });
  });

  it('startNext starts the first step not completed', () => {
    expect(startNextWalkthroughStep(null)?.active).toBe('SETUP_AGENT');
    const some: WalkthroughState = { version: 1, completed: ['SETUP_AGENT', 'ADD_NUMBER'], active: null };
    expect(startNextWalkthroughStep(some)?.active).toBe('TEST_AGENT');
    const all: WalkthroughState = { version: 1, completed: [...walkthroughSteps], active: null };
    expect(startNextWalkthroughStep(all)).toBe(all);
    expect(nextWalkthroughStep(all)).toBeNull();
    expect(isWalkthroughComplete(all)).toBe(true);
    expect(isWalkthroughComplete(some)).toBe(false);
    expect(isWalkthroughComplete(null)).toBe(false);
  });
});

describe('the walkthrough when the account loads', () => {
  it('an account with a phone number has set up, tested and numbered its agent', () => {
    expect(
      completeWalkthroughOnLoad(null, { ...nobody, hasPhoneNumber: true, onboardingComplete: true }),
    ).toEqual({
      version: 1,
      completed: ['SETUP_AGENT', 'TEST_AGENT', 'ADD_NUMBER'],
      active: null,
    });
  });

  it('a finished onboarding completes SETUP_AGENT only', () => {
    expect(completeWalkthroughOnLoad(null, { ...nobody, onboardingComplete: true })?.completed).toEqual([
      'SETUP_AGENT',
    ]);
  });

  it('a legacy account completes SETUP_AGENT', () => {
    expect(completeWalkthroughOnLoad(null, { ...nobody, legacy: true })?.completed).toEqual(['SETUP_AGENT']);
  });

  it('changes nothing for a new account, or a complete walkthrough, or steps already done', () => {
    expect(completeWalkthroughOnLoad(null, nobody)).toBeNull();
    const done: WalkthroughState = { version: 1, completed: [...walkthroughSteps], active: null };
    expect(completeWalkthroughOnLoad(done, { ...nobody, hasPhoneNumber: true })).toBe(done);
    const some: WalkthroughState = { version: 1, completed: ['SETUP_AGENT'], active: 'TEST_AGENT' };
    expect(completeWalkthroughOnLoad(some, { ...nobody, legacy: true })).toBe(some);
  });

  it('keeps steps already completed and clears an active step that is now done', () => {
    const state: WalkthroughState = { version: 1, completed: ['FORWARD_CALLS'], active: 'TEST_AGENT' };
    expect(completeWalkthroughOnLoad(state, { ...nobody, hasPhoneNumber: true })).toEqual({
      version: 1,
      completed: [...walkthroughSteps],
      active: null,
    });
  });
});

describe('reading a stored walkthrough', () => {
  it('accepts version 1 and drops unknown steps', () => {
    expect(
      readWalkthrough({ version: 1, completed: ['ADD_NUMBER', 'NOPE', 'SETUP_AGENT'], active: 'X' }),
    ).toEqual({
      version: 1,
      completed: ['SETUP_AGENT', 'ADD_NUMBER'],
      active: null,
    });
  });

  it('treats anything else as no walkthrough', () => {
    expect(readWalkthrough(undefined)).toBeNull();
    expect(readWalkthrough({ version: 2, completed: [] })).toBeNull();
    expect(readWalkthrough('walkthrough')).toBeNull();
  });
});

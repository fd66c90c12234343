import { describe, expect, it } from 'vitest';
import {
  advanceOnboarding,
  initialOnboardingRecord,
  onboardingPath,
  onboardingProgress,
  onboardingStepAliases,
  onboardingSteps,
  readOnboardingRecord,
  resolveOnboardingStep,
  type OnboardingEvent,
  type OnboardingRecord,
} from './onboarding';

const now = 1_800_000_000;

function run(
  events: OnboardingEvent[],
  from: OnboardingRecord = initialOnboardingRecord(),
): OnboardingRecord {
  return events.reduce((record, event, index) => advanceOnboarding(record, event, now + index), from);
}

describe('onboarding step aliases', () => {
  it('maps every alias of the spec to its step', () => {
    expect(onboardingStepAliases).toEqual({
      initial: 'WELCOME',
      templates: 'SELECT_TEMPLATE',
      fields: 'SETUP_TEMPLATE',
      setupAgent: 'SETUP_TEMPLATE',
      integrations: 'SETUP_INTEGRATIONS',
      generate: 'GENERATE_AGENT',
      generateAgent: 'GENERATE_AGENT',
      voice: 'SELECT_VOICE',
      selectVoice: 'SELECT_VOICE',
      timezone: 'SELECT_TIMEZONE',
      selectTimezone: 'SELECT_TIMEZONE',
      editAgent: 'EDIT_AGENT',
      tryAgent: 'TEST_AGENT',
      testAgent: 'TEST_AGENT',
      chooseNumber: 'CHOOSE_NUMBER',
      scheduleCall: 'SCHEDULE_CALL',
      talkWithExpert: 'SCHEDULE_CALL',
    });
  });

  it('resolves aliases and step names, and nothing else', () => {
    expect(resolveOnboardingStep('talkWithExpert')).toBe('SCHEDULE_CALL');
    expect(resolveOnboardingStep(' voice ')).toBe('SELECT_VOICE');
    for (const step of onboardingSteps) expect(resolveOnboardingStep(step)).toBe(step);
    expect(resolveOnboardingStep('true')).toBeNull();
    expect(resolveOnboardingStep('')).toBeNull();
    expect(resolveOnboardingStep('toString')).toBeNull();
    expect(resolveOnboardingStep(null)).toBeNull();
  });

  it('has the eleven steps in order', () => {
    expect(onboardingSteps).toHaveLength(11);
    expect(onboardingSteps[0]).toBe('WELCOME');
    expect(onboardingSteps.at(-1)).toBe('SCHEDULE_CALL');
  });
});

describe('the onboarding machine', () => {
  it('goes from the method choice to GENERATE_AGENT when building from scratch', () => {
    const record = run([{ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' }]);
    expect(record.method).toBe('BUILD_FROM_SCRATCH');
    expect(record.activeStep).toBe('GENERATE_AGENT');
    expect(record.updatedAt).toBe(now);
  });

  it('goes to SELECT_TEMPLATE when building from a template, then SETUP_TEMPLATE on a choice', () => {
    const picking = run([{ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' }]);
    expect(picking.activeStep).toBe('SELECT_TEMPLATE');
    const chosen = advanceOnboarding(picking, { type: 'CHOOSE_TEMPLATE', templateId: 'dental' }, now);
    expect(chosen).toMatchObject({ activeStep: 'SETUP_TEMPLATE', templateId: 'dental', fieldIndex: 0 });
  });

  it('steps through the fields one by one, back and forth, then to GENERATE_AGENT', () => {
    let record = run([
      { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' },
      { type: 'CHOOSE_TEMPLATE', templateId: 'dental' },
      { type: 'SET_FIELD', key: 'businessName', value: 'Acme Dental' },
      { type: 'NEXT_FIELD', fieldCount: 3 },
    ]);
    expect(record.fieldIndex).toBe(1);
    record = run([{ type: 'PREVIOUS_FIELD' }], record);
    expect(record).toMatchObject({ fieldIndex: 0, activeStep: 'SETUP_TEMPLATE' });
    record = run(
      [
        { type: 'NEXT_FIELD', fieldCount: 3 },
        { type: 'SET_FIELD', key: 'hours', value: '9-5' },
        { type: 'NEXT_FIELD', fieldCount: 3 },
      ],
      record,
    );
    expect(record.fieldIndex).toBe(2);
    record = run([{ type: 'NEXT_FIELD', fieldCount: 3 }], record);
    expect(record.activeStep).toBe('GENERATE_AGENT');
    expect(record.templateFields).toEqual({ businessName: 'Acme Dental', hours: '9-5' });
  });

  it('goes back to SELECT_TEMPLATE from the first field', () => {
    const record = run([
      { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' },
      { type: 'CHOOSE_TEMPLATE', templateId: 'dental' },
      { type: 'PREVIOUS_FIELD' },
    ]);
    expect(record.activeStep).toBe('SELECT_TEMPLATE');
    expect(record.templateId).toBe('dental');
  });

  it('offers the template integrations one by one after the fields, then GENERATE_AGENT', () => {
    let record = run([
      { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' },
      { type: 'CHOOSE_TEMPLATE', templateId: 'salon', integrations: ['googleCalendar', 'squareUp'] },
      { type: 'NEXT_FIELD', fieldCount: 1 },
    ]);
    expect(record).toMatchObject({ activeStep: 'SETUP_INTEGRATIONS', integrationIndex: 0 });
    record = run([{ type: 'NEXT_INTEGRATION' }], record);
    expect(record.integrationIndex).toBe(1);
    record = run([{ type: 'NEXT_INTEGRATION' }], record);
    expect(record.activeStep).toBe('GENERATE_AGENT');
  });

  it('skips the remaining integrations', () => {
    const record = run([
      { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' },
      { type: 'CHOOSE_TEMPLATE', templateId: 'salon', integrations: ['a', 'b', 'c'] },
      { type: 'NEXT_FIELD', fieldCount: 0 },
      { type: 'SKIP_INTEGRATIONS' },
    ]);
    expect(record.activeStep).toBe('GENERATE_AGENT');
  });

  it('discarding a template returns to SELECT_TEMPLATE with the fields cleared', () => {
    const record = run([
      { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_TEMPLATE' },
      { type: 'CHOOSE_TEMPLATE', templateId: 'dental', integrations: ['x'] },
      { type: 'SET_FIELD', key: 'businessName', value: 'Acme' },
      { type: 'NEXT_FIELD', fieldCount: 3 },
      { type: 'DISCARD_TEMPLATE' },
    ]);
    expect(record).toMatchObject({
      activeStep: 'SELECT_TEMPLATE',
      templateId: null,
      templateFields: {},
      templateIntegrations: [],
      fieldIndex: 0,
      integrationIndex: 0,
    });
  });

  it('keeps the answers when the same template is picked again, and clears them for another', () => {
    const answered = run([
      { type: 'CHOOSE_TEMPLATE', templateId: 'dental' },
      { type: 'SET_FIELD', key: 'businessName', value: 'Acme' },
    ]);
    expect(run([{ type: 'CHOOSE_TEMPLATE', templateId: 'dental' }], answered).templateFields).toEqual({
      businessName: 'Acme',
    });
    expect(run([{ type: 'CHOOSE_TEMPLATE', templateId: 'salon' }], answered).templateFields).toEqual({});
  });

  it('walks the rest of the path with NEXT and finishes after SCHEDULE_CALL', () => {
    let record = run([{ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' }]);
    const seen: string[] = [record.activeStep];
    for (let k = 0; k < 6; k += 1) {
      record = run([{ type: 'NEXT' }], record);
      seen.push(record.activeStep);
    }
    expect(seen).toEqual([
      'GENERATE_AGENT',
      'SELECT_VOICE',
      'SELECT_TIMEZONE',
      'EDIT_AGENT',
      'TEST_AGENT',
      'CHOOSE_NUMBER',
      'SCHEDULE_CALL',
    ]);
    record = run([{ type: 'NEXT' }], record);
    expect(record).toEqual({ ...initialOnboardingRecord(now), onboardingComplete: true });
  });

  it('GENERATE_AGENT remembers the agent it made and moves to SELECT_VOICE', () => {
    const record = run([
      { type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' },
      { type: 'AGENT_GENERATED', agentAccountId: 42 },
    ]);
    expect(record).toMatchObject({ activeStep: 'SELECT_VOICE', agentAccountId: 42 });
    expect(run([{ type: 'AGENT_GENERATED', agentAccountId: 42 }]).agentAccountId).toBeNull();
    expect(readOnboardingRecord(JSON.parse(JSON.stringify(record))).agentAccountId).toBe(42);
  });

  it('BACK follows the path of the chosen method', () => {
    const scratch = run([{ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' }, { type: 'BACK' }]);
    expect(scratch.activeStep).toBe('WELCOME');
    const template = run([
      { type: 'CHOOSE_TEMPLATE', templateId: 'dental' },
      { type: 'SET_FIELD', key: 'a', value: '1' },
      { type: 'SET_FIELD', key: 'b', value: '2' },
      { type: 'NEXT_FIELD', fieldCount: 2 },
      { type: 'NEXT_FIELD', fieldCount: 2 },
      { type: 'BACK' },
    ]);
    expect(template).toMatchObject({ activeStep: 'SETUP_TEMPLATE', fieldIndex: 1 });
    expect(run([{ type: 'BACK' }]).activeStep).toBe('WELCOME');
  });

  it('ignores field and integration events outside their step (same object back)', () => {
    const record = initialOnboardingRecord();
    expect(advanceOnboarding(record, { type: 'NEXT_FIELD', fieldCount: 3 }, now)).toBe(record);
    expect(advanceOnboarding(record, { type: 'PREVIOUS_FIELD' }, now)).toBe(record);
    expect(advanceOnboarding(record, { type: 'NEXT_INTEGRATION' }, now)).toBe(record);
    expect(advanceOnboarding(record, { type: 'SKIP_INTEGRATIONS' }, now)).toBe(record);
    expect(advanceOnboarding(record, { type: 'GO_TO', step: 'WELCOME' }, now)).toBe(record);
  });

  it('GO_TO jumps to a step, and to SELECT_TEMPLATE when the fields have no template', () => {
    expect(run([{ type: 'GO_TO', step: 'SELECT_VOICE' }]).activeStep).toBe('SELECT_VOICE');
    expect(run([{ type: 'GO_TO', step: 'SETUP_TEMPLATE' }]).activeStep).toBe('SELECT_TEMPLATE');
  });

  it('restart goes to WELCOME with a fresh record', () => {
    const record = run([
      { type: 'CHOOSE_TEMPLATE', templateId: 'dental' },
      { type: 'SET_FIELD', key: 'a', value: '1' },
      { type: 'RESTART' },
    ]);
    expect(record).toEqual({ ...initialOnboardingRecord(), updatedAt: now + 2 });
  });

  it('complete and exit reset the record with onboardingComplete set', () => {
    const started = run([{ type: 'CHOOSE_TEMPLATE', templateId: 'dental' }]);
    for (const type of ['COMPLETE', 'EXIT'] as const) {
      expect(advanceOnboarding(started, { type }, now)).toEqual({
        ...initialOnboardingRecord(now),
        onboardingComplete: true,
      });
    }
  });

  it('reports progress along the record path', () => {
    expect(onboardingProgress(initialOnboardingRecord())).toBe(0);
    const scratch = run([{ type: 'CHOOSE_METHOD', method: 'BUILD_FROM_SCRATCH' }]);
    expect(onboardingPath(scratch)).not.toContain('SELECT_TEMPLATE');
    expect(onboardingProgress(scratch)).toBeCloseTo(1 / 7);
    expect(onboardingProgress(run([{ type: 'GO_TO', step: 'SCHEDULE_CALL' }]))).toBe(1);
  });
});

describe('reading a stored record', () => {
  it('fills a missing or broken record with defaults', () => {
    expect(readOnboardingRecord(undefined)).toEqual(initialOnboardingRecord());
    expect(
      readOnboardingRecord({
        method: 'SOMETHING',
        activeStep: 'voice',
        fieldIndex: -2,
        templateFields: { a: 'x', b: 3 },
        templateIntegrations: ['cal', 4],
        onboardingComplete: 'yes',
        updatedAt: 12,
      }),
    ).toEqual({
      ...initialOnboardingRecord(),
      activeStep: 'SELECT_VOICE',
      templateFields: { a: 'x' },
      templateIntegrations: ['cal'],
      updatedAt: 12,
    });
  });

  it('round-trips a saved record', () => {
    const record = run([
      { type: 'CHOOSE_TEMPLATE', templateId: 'dental', integrations: ['cal'] },
      { type: 'SET_FIELD', key: 'a', value: '1' },
    ]);
    expect(readOnboardingRecord(JSON.parse(JSON.stringify(record)))).toEqual(record);
  });
});

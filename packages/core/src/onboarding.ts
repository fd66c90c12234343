/**
 * The onboarding wizard as a pure state machine (spec part 1 §2 "Onboarding steps", §3 "Onboarding record",
 * §4 "Onboarding"). The record lives in the account settings under `onboarding`; the web wizard renders the
 * active step and feeds every user action through `advanceOnboarding`.
 */

export const onboardingSteps = [
  'WELCOME',
  'SELECT_TEMPLATE',
  'SETUP_TEMPLATE',
  'SETUP_INTEGRATIONS',
  'GENERATE_AGENT',
  'SELECT_VOICE',
  'SELECT_TIMEZONE',
  'EDIT_AGENT',
  'TEST_AGENT',
  'CHOOSE_NUMBER',
  'SCHEDULE_CALL',
] as const;

export type OnboardingStep = (typeof onboardingSteps)[number];

export const onboardingMethods = ['BUILD_FROM_SCRATCH', 'BUILD_FROM_TEMPLATE'] as const;

export type OnboardingMethod = (typeof onboardingMethods)[number];

/** The short names a link may use for a step (`?onboard=voice`); each step's own name works too. */
export const onboardingStepAliases: Readonly<Record<string, OnboardingStep>> = {
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
};

export function isOnboardingStep(value: unknown): value is OnboardingStep {
  return typeof value === 'string' && (onboardingSteps as readonly string[]).includes(value);
}

/** The step a URL names, by alias or by its own name; `null` for anything else (including an empty value). */
export function resolveOnboardingStep(name: string | null | undefined): OnboardingStep | null {
  if (typeof name !== 'string') return null;
  const text = name.trim();
  if (isOnboardingStep(text)) return text;
  return Object.hasOwn(onboardingStepAliases, text) ? (onboardingStepAliases[text] ?? null) : null;
}

/** The record kept in `settings.onboarding`. */
export interface OnboardingRecord {
  method: OnboardingMethod | null;
  templateId: string | null;
  /** The answers to the template's fields, by field key. */
  templateFields: Record<string, string>;
  /** The integrations (app ids) the chosen template asks to connect, in order. */
  templateIntegrations: string[];
  activeStep: OnboardingStep;
  /** Which template field SETUP_TEMPLATE is asking (0-based). */
  fieldIndex: number;
  /** Which integration SETUP_INTEGRATIONS is offering (0-based). */
  integrationIndex: number;
  onboardingComplete: boolean;
  /** When the record last changed, epoch seconds. */
  updatedAt: number;
  /** The agent account GENERATE_AGENT made (or set up); the later steps work on it. */
  agentAccountId: number | null;
}

export function initialOnboardingRecord(nowSeconds = 0): OnboardingRecord {
  return {
    method: null,
    templateId: null,
    templateFields: {},
    templateIntegrations: [],
    activeStep: 'WELCOME',
    fieldIndex: 0,
    integrationIndex: 0,
    onboardingComplete: false,
    updatedAt: nowSeconds,
    agentAccountId: null,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function index(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
}

/** Reads `settings.onboarding` as stored (any shape, possibly absent) into a complete, valid record. */
export function readOnboardingRecord(stored: unknown): OnboardingRecord {
  const base = initialOnboardingRecord();
  if (!isRecord(stored)) return base;
  const fields = isRecord(stored.templateFields)
    ? Object.fromEntries(
        Object.entries(stored.templateFields).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};
  return {
    method: (onboardingMethods as readonly unknown[]).includes(stored.method)
      ? (stored.method as OnboardingMethod)
      : null,
    templateId: typeof stored.templateId === 'string' && stored.templateId !== '' ? stored.templateId : null,
    templateFields: fields,
    templateIntegrations: Array.isArray(stored.templateIntegrations)
      ? stored.templateIntegrations.filter((item): item is string => typeof item === 'string')
      : [],
    activeStep:
      resolveOnboardingStep(typeof stored.activeStep === 'string' ? stored.activeStep : null) ?? 'WELCOME',
    fieldIndex: index(stored.fieldIndex),
    integrationIndex: index(stored.integrationIndex),
    onboardingComplete: stored.onboardingComplete === true,
    updatedAt:
      typeof stored.updatedAt === 'number' && Number.isFinite(stored.updatedAt) ? stored.updatedAt : 0,
    agentAccountId:
      typeof stored.agentAccountId === 'number' && Number.isSafeInteger(stored.agentAccountId)
        ? stored.agentAccountId
        : null,
  };
}

export type OnboardingEvent =
  /** WELCOME: how the agent is built. From scratch goes straight to GENERATE_AGENT. */
  | { type: 'CHOOSE_METHOD'; method: OnboardingMethod }
  /** SELECT_TEMPLATE: a template was picked; its integrations are remembered for SETUP_INTEGRATIONS. */
  | { type: 'CHOOSE_TEMPLATE'; templateId: string; integrations?: readonly string[] }
  /** SETUP_TEMPLATE: the answer to one field (does not move). */
  | { type: 'SET_FIELD'; key: string; value: string }
  /** SETUP_TEMPLATE: the next field, or past the last one (`fieldCount` fields in all) to the next step. */
  | { type: 'NEXT_FIELD'; fieldCount: number }
  /** SETUP_TEMPLATE: the previous field, or back to SELECT_TEMPLATE from the first. */
  | { type: 'PREVIOUS_FIELD' }
  /** Drops the chosen template and its answers: back to SELECT_TEMPLATE. */
  | { type: 'DISCARD_TEMPLATE' }
  /** SETUP_INTEGRATIONS: the current integration is connected or skipped; past the last, GENERATE_AGENT. */
  | { type: 'NEXT_INTEGRATION' }
  /** SETUP_INTEGRATIONS: "Skip for now" passes over every remaining integration. */
  | { type: 'SKIP_INTEGRATIONS' }
  /** GENERATE_AGENT: the agent exists; on to SELECT_VOICE. */
  | { type: 'AGENT_GENERATED'; agentAccountId: number }
  /** Any step: on to the following one (CHOOSE_NUMBER's "Skip for now" included). */
  | { type: 'NEXT' }
  /** Any step: back to the step before it on this record's path. */
  | { type: 'BACK' }
  /** Jumps to a step (a URL alias, or the progress list). */
  | { type: 'GO_TO'; step: OnboardingStep }
  | { type: 'RESTART' }
  /** The last step is done: the record resets with onboardingComplete set, and the wizard closes. */
  | { type: 'COMPLETE' }
  /** Leaves the wizard for good, like COMPLETE. */
  | { type: 'EXIT' };

/** The steps a record walks through, in order: from scratch skips the template steps. */
export function onboardingPath(
  record: Pick<OnboardingRecord, 'method' | 'templateIntegrations'>,
): OnboardingStep[] {
  return onboardingSteps.filter((step) => {
    if (record.method !== 'BUILD_FROM_SCRATCH') {
      return step !== 'SETUP_INTEGRATIONS' || record.templateIntegrations.length > 0;
    }
    return step !== 'SELECT_TEMPLATE' && step !== 'SETUP_TEMPLATE' && step !== 'SETUP_INTEGRATIONS';
  });
}

function stepAfter(record: OnboardingRecord): OnboardingStep | null {
  const path = onboardingPath(record);
  const at = path.indexOf(record.activeStep);
  return at === -1 ? (path[1] ?? null) : (path[at + 1] ?? null);
}

function stepBefore(record: OnboardingRecord): OnboardingStep {
  const path = onboardingPath(record);
  const at = path.indexOf(record.activeStep);
  return at <= 0 ? 'WELCOME' : (path[at - 1] ?? 'WELCOME');
}

function afterFields(record: OnboardingRecord): OnboardingStep {
  return record.templateIntegrations.length > 0 ? 'SETUP_INTEGRATIONS' : 'GENERATE_AGENT';
}

function finished(nowSeconds: number): OnboardingRecord {
  return { ...initialOnboardingRecord(nowSeconds), onboardingComplete: true };
}

/**
 * The record after one event. `nowSeconds` stamps `updatedAt`. Events that do not apply to the active step
 * return the record unchanged (same object), so a caller can skip saving.
 */
export function advanceOnboarding(
  record: OnboardingRecord,
  event: OnboardingEvent,
  nowSeconds: number,
): OnboardingRecord {
  const next = transition(record, event, nowSeconds);
  return next === record ? record : { ...next, updatedAt: nowSeconds };
}

function transition(record: OnboardingRecord, event: OnboardingEvent, nowSeconds: number): OnboardingRecord {
  switch (event.type) {
    case 'CHOOSE_METHOD':
      return event.method === 'BUILD_FROM_SCRATCH'
        ? {
            ...record,
            method: event.method,
            templateId: null,
            templateFields: {},
            templateIntegrations: [],
            fieldIndex: 0,
            integrationIndex: 0,
            activeStep: 'GENERATE_AGENT',
          }
        : { ...record, method: event.method, activeStep: 'SELECT_TEMPLATE' };
    case 'CHOOSE_TEMPLATE': {
      const same = record.templateId === event.templateId;
      return {
        ...record,
        method: 'BUILD_FROM_TEMPLATE',
        templateId: event.templateId,
        // Picking the same template again keeps the answers already given.
        templateFields: same ? record.templateFields : {},
        templateIntegrations: [...(event.integrations ?? [])],
        fieldIndex: 0,
        integrationIndex: 0,
        activeStep: 'SETUP_TEMPLATE',
      };
    }
    case 'SET_FIELD':
      if (record.templateFields[event.key] === event.value) return record;
      return { ...record, templateFields: { ...record.templateFields, [event.key]: event.value } };
    case 'NEXT_FIELD':
      if (record.activeStep !== 'SETUP_TEMPLATE') return record;
      if (record.fieldIndex + 1 < event.fieldCount) return { ...record, fieldIndex: record.fieldIndex + 1 };
      return { ...record, activeStep: afterFields(record), integrationIndex: 0 };
    case 'PREVIOUS_FIELD':
      if (record.activeStep !== 'SETUP_TEMPLATE') return record;
      if (record.fieldIndex > 0) return { ...record, fieldIndex: record.fieldIndex - 1 };
      return { ...record, activeStep: 'SELECT_TEMPLATE' };
    case 'DISCARD_TEMPLATE':
      return {
        ...record,
        templateId: null,
        templateFields: {},
        templateIntegrations: [],
        fieldIndex: 0,
        integrationIndex: 0,
        activeStep: 'SELECT_TEMPLATE',
      };
    case 'NEXT_INTEGRATION':
      if (record.activeStep !== 'SETUP_INTEGRATIONS') return record;
      if (record.integrationIndex + 1 < record.templateIntegrations.length) {
        return { ...record, integrationIndex: record.integrationIndex + 1 };
      }
      return { ...record, activeStep: 'GENERATE_AGENT' };
    case 'SKIP_INTEGRATIONS':
      if (record.activeStep !== 'SETUP_INTEGRATIONS') return record;
      return { ...record, activeStep: 'GENERATE_AGENT' };
    case 'AGENT_GENERATED':
      if (record.activeStep !== 'GENERATE_AGENT') return record;
      return { ...record, agentAccountId: event.agentAccountId, activeStep: 'SELECT_VOICE' };
    case 'NEXT': {
      if (record.activeStep === 'SETUP_TEMPLATE' || record.activeStep === 'SETUP_INTEGRATIONS') return record;
      const step = stepAfter(record);
      return step === null ? finished(nowSeconds) : { ...record, activeStep: step };
    }
    case 'BACK': {
      if (record.activeStep === 'WELCOME') return record;
      const step = stepBefore(record);
      // Back into the fields lands on the last one answered.
      if (step === 'SETUP_TEMPLATE') {
        return {
          ...record,
          activeStep: step,
          fieldIndex: Math.max(0, Object.keys(record.templateFields).length - 1),
        };
      }
      return { ...record, activeStep: step };
    }
    case 'GO_TO':
      if (record.activeStep === event.step) return record;
      if (event.step === 'SETUP_TEMPLATE' && record.templateId === null) {
        return { ...record, method: 'BUILD_FROM_TEMPLATE', activeStep: 'SELECT_TEMPLATE' };
      }
      if (event.step === 'SELECT_TEMPLATE')
        return { ...record, method: 'BUILD_FROM_TEMPLATE', activeStep: event.step };
      return { ...record, activeStep: event.step };
    case 'RESTART':
      return { ...initialOnboardingRecord(nowSeconds) };
    case 'COMPLETE':
    case 'EXIT':
      return finished(nowSeconds);
  }
}

/** How far along the record is on its own path, 0 to 1, for a progress bar. */
export function onboardingProgress(record: OnboardingRecord): number {
  const path = onboardingPath(record);
  const at = path.indexOf(record.activeStep);
  return path.length <= 1 || at < 0 ? 0 : at / (path.length - 1);
}

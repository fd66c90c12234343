import type { AccountView } from '@switchboard/contract';
import type { OnboardingEvent, OnboardingRecord } from '@switchboard/core';

export interface StepProps {
  record: OnboardingRecord;
  dispatch: (event: OnboardingEvent, delayMs?: number) => OnboardingRecord;
  /** The account the wizard runs for (an organization, or an agent account setting itself up). */
  account: AccountView;
  /** The agent the later steps work on: the one GENERATE_AGENT made, or the account itself when it is an agent. */
  agentAccountId: number | null;
  close: () => void;
}

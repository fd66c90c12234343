import type { AccountView } from '@switchboard/contract';
import {
  advanceOnboarding,
  readOnboardingRecord,
  resolveOnboardingStep,
  type OnboardingEvent,
  type OnboardingRecord,
} from '@switchboard/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createDebouncedSave } from '../debounced-save';
import { useSaveAccountSettings } from '../use-account-settings';

/** Spec §9: the onboarding record saves 1 s after its last change (at once when the delay is 0). */
export const onboardingSaveDelayMs = 1000;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The onboarding record of an account (its settings' `onboarding`), opened at the step a link names, advanced
 * through the core machine and saved with a 1 s debounce; `finish` saves at once (complete, exit).
 */
export function useOnboarding(account: AccountView, linkedStep: string | null) {
  const save = useSaveAccountSettings(account.id);
  const saver = useMemo(
    () =>
      createDebouncedSave((record: OnboardingRecord) => save({ onboarding: record }), onboardingSaveDelayMs),
    [save],
  );
  const [record, setRecord] = useState<OnboardingRecord>(() => {
    const stored = readOnboardingRecord(account.settings.onboarding);
    const step = resolveOnboardingStep(linkedStep);
    return step ? advanceOnboarding(stored, { type: 'GO_TO', step }, nowSeconds()) : stored;
  });
  const current = useRef(record);

  useEffect(() => () => void saver.flush(), [saver]);

  const dispatch = useCallback(
    (event: OnboardingEvent, delayMs?: number) => {
      const next = advanceOnboarding(current.current, event, nowSeconds());
      if (next === current.current) return next;
      current.current = next;
      setRecord(next);
      saver.push(next, delayMs);
      return next;
    },
    [saver],
  );
  return { record, dispatch };
}

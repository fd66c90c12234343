import { endpoints, type HeldNumberView } from '@switchboard/contract';
import { formatPhoneForDisplay } from '@switchboard/core';
import type { ConfirmActionOptions } from '../../app/confirm-action';
import type { NotifyOptions } from '../../app/notify';
import type { CallApi } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';

/** What the number actions need from the page: the API, the confirm dialog and the toasts. */
export interface NumberActionDeps {
  callApi: CallApi;
  confirm: (options: ConfirmActionOptions) => Promise<boolean>;
  notify: (message: string, options?: NotifyOptions) => unknown;
}

export type NumberOutcome<T = object> =
  ({ status: 'done' } & T) | { status: 'cancelled' } | { status: 'failed'; message: string };

const targetOf = (targetAccountId: number | null) => (targetAccountId === null ? {} : { targetAccountId });

function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * Buys `choice` for the agent account. When the account already holds a number the person confirms first,
 * since that number is released and stops reaching the agent.
 */
export async function assignNumber(
  deps: NumberActionDeps,
  choice: { phoneNumber: string; country: string },
  context: { targetAccountId: number | null; current: string | null },
): Promise<NumberOutcome<{ number: HeldNumberView; released: string | null }>> {
  const shown = formatPhoneForDisplay(choice.phoneNumber);
  if (context.current !== null && context.current !== choice.phoneNumber) {
    const replaced = formatPhoneForDisplay(context.current);
    const confirmed = await deps.confirm({
      title: 'Replace the agent’s number?',
      message:
        `${shown} becomes the agent’s number and ${replaced} is released: calls and texts to ${replaced} ` +
        'stop reaching the agent, and the number may go to someone else.',
      confirmLabel: `Use ${shown}`,
      danger: true,
    });
    if (!confirmed) return { status: 'cancelled' };
  }
  try {
    const answer = await deps.callApi(endpoints.assignPhoneNumber, {
      ...targetOf(context.targetAccountId),
      body: { number: choice.phoneNumber, country: choice.country },
    });
    deps.notify(`${formatPhoneForDisplay(answer.number.number)} is now the agent’s number`, {
      tone: 'success',
      title: 'Number assigned',
    });
    return { status: 'done', number: answer.number, released: answer.released };
  } catch (error) {
    return { status: 'failed', message: failureMessage(error, `Could not assign ${shown}. Try again.`) };
  }
}

/** Releases the agent account's number after the person confirms that calls to it stop. */
export async function releaseNumber(
  deps: NumberActionDeps,
  number: string,
  context: { targetAccountId: number | null },
): Promise<NumberOutcome> {
  const shown = formatPhoneForDisplay(number);
  const confirmed = await deps.confirm({
    title: `Release ${shown}?`,
    message:
      `Calls and texts to ${shown} stop reaching the agent at once, and the number goes back to the carrier, ` +
      'which may give it to someone else. The agent keeps working in the browser.',
    confirmLabel: 'Release number',
    danger: true,
  });
  if (!confirmed) return { status: 'cancelled' };
  try {
    await deps.callApi(endpoints.returnPhoneNumber, {
      ...targetOf(context.targetAccountId),
      body: { number },
    });
    deps.notify(`${shown} was released`, { tone: 'success' });
    return { status: 'done' };
  } catch (error) {
    return { status: 'failed', message: failureMessage(error, `Could not release ${shown}. Try again.`) };
  }
}

import { endpoints, type HeldNumberView } from '@switchboard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiQueryScope, useApiQuery } from '../../lib/use-api';
import { usePathAccount } from '../accounts';

/**
 * The account an overlay value names (`selectNumber=42`). Account ids are short, so a longer value, such as a
 * phone number put in the link, names none.
 */
export function namedAccountId(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
}

/**
 * The agent account a number screen acts for: the overlay's value when it names an account
 * (`selectNumber=42`), otherwise the account the page is about.
 */
export function useNumberTarget(value: string | null): number | null {
  const { accountId } = usePathAccount();
  return namedAccountId(value) ?? accountId;
}

/** What the screens know of the agent's number: the held record when the list has it, else the account's. */
export interface AgentNumber {
  /** E.164, or null when the agent has no number. */
  number: string | null;
  /** The list endpoint's record (place, assigned time); null for a number only the account names. */
  held: HeldNumberView | null;
}

/** The agent account's number, from the list endpoint or, failing that, the account's vidaPhoneNumber. */
export function useAgentNumber(targetAccountId: number | null) {
  const target = targetAccountId === null ? {} : { targetAccountId };
  const list = useApiQuery(endpoints.listPhoneNumbers, target, { retry: false });
  const account = useApiQuery(endpoints.getAccount, target);
  const held = list.data?.numbers[0] ?? null;
  const current: AgentNumber = {
    number: held?.number ?? account.data?.account.vidaPhoneNumber ?? null,
    held,
  };
  const notAgent = account.data !== undefined && account.data.account.accountType !== 'agent';
  return {
    current,
    isPending: list.isPending || (list.isError && account.isPending),
    /**
     * Why the screen cannot show a number: the list's refusal (it names the problem, e.g. an account that is
     * not an agent account) when the account cannot stand in for it.
     */
    error: list.isError && (account.isError || notAgent) ? list.error : null,
  };
}

/** Marks the agent's number (or its forwarding) as changed, so every screen showing it reads it again. */
export function useNumberChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(
      [
        endpoints.listPhoneNumbers,
        endpoints.getAccount,
        endpoints.walkthrough,
        endpoints.validateVerifiedNumber,
      ].map((endpoint) => queryClient.invalidateQueries({ queryKey: apiQueryScope(endpoint) })),
    );
  };
}

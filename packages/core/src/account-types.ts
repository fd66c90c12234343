/** Account tiers from the top of the tree to the bottom (spec part 1 §1). */
export const accountTypes = ['partner', 'reseller', 'organization', 'agent'] as const;

export type AccountType = (typeof accountTypes)[number];

export function isAccountType(value: unknown): value is AccountType {
  return typeof value === 'string' && (accountTypes as readonly string[]).includes(value);
}

/** Position in the tree: 0 for partner (top) up to 3 for agent (bottom). */
export function tierOf(type: AccountType): number {
  return accountTypes.indexOf(type);
}

/** The tier directly above `type`, or null for a partner, which sits at the top. */
export function parentTypeOf(type: AccountType): AccountType | null {
  return accountTypes[tierOf(type) - 1] ?? null;
}

/** The tier directly below `type`, or null for an agent account, which sits at the bottom. */
export function childTypeOf(type: AccountType): AccountType | null {
  return accountTypes[tierOf(type) + 1] ?? null;
}

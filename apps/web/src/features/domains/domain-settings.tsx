import type { AccountView } from '@switchboard/contract';
import { BrandProfileCard } from './brand-profile-card';
import { DomainsCard } from './domains-card';

/** The domains and white-label parts of an account's settings screen (nothing for agent accounts). */
export function DomainSettings({ account }: { account: AccountView }) {
  return (
    <>
      <DomainsCard account={account} />
      <BrandProfileCard account={account} />
    </>
  );
}

import { webPages } from '@switchboard/contract';

/** What Stripe's requirement keys mean to the person onboarding (`individual.verification.document`…). */
export function describeRequirement(key: string): string {
  const known: Record<string, string> = {
    external_account: 'a bank account or debit card to pay out to',
    'individual.verification.document': 'an identity document',
    'individual.id_number': 'a tax identification number',
    'tos_acceptance.date': "acceptance of Stripe's terms",
    'business_profile.url': 'a business website',
  };
  return known[key] ?? key.replace(/[._]/g, ' ');
}

/** The pages Stripe Connect onboarding returns to, as the connect state links them (`?account=` when acting). */
export function connectReturnUrls(targetAccountId: number | undefined) {
  const suffix = targetAccountId === undefined ? '' : `?account=${targetAccountId}`;
  const origin = window.location.origin;
  return {
    successUrl: `${origin}${webPages.payoutConnectSuccess}${suffix}`,
    failureUrl: `${origin}${webPages.payoutConnectFailure}${suffix}`,
  };
}

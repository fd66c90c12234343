import { billingEndpoints } from '@switchboard/contract';
import { useApiMutation } from '../../lib/use-api';
import { useBillingTarget } from './use-billing';

/** Opens the billing portal (Stripe's, or the sandbox's) and comes back to the page the person was on. */
export function usePortalLink() {
  const target = useBillingTarget();
  const link = useApiMutation(billingEndpoints.billingPortalLink, {
    onSuccess: (answer) => {
      window.location.assign(answer.url);
    },
  });
  return {
    open: () => link.mutate({ ...target, body: { redirectUrl: window.location.href } }),
    isPending: link.isPending,
  };
}

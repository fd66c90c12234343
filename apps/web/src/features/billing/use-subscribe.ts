import { billingEndpoints, webPages } from '@switchboard/contract';
import { useState } from 'react';
import { useApiMutation } from '../../lib/use-api';
import { useBillingTarget } from './use-billing';

/** Starts a subscription: the checkout session, then the card page (Stripe's, or the sandbox's). */
export function useSubscribe() {
  const target = useBillingTarget();
  const [planId, setPlanId] = useState<string | null>(null);
  const subscribe = useApiMutation(billingEndpoints.subscribe, {
    onSuccess: (answer) => {
      window.location.assign(answer.url);
    },
    onError: () => setPlanId(null),
  });
  return {
    pendingPlanId: subscribe.isPending ? planId : null,
    start: (productPlanId: string, term: 'month' | 'year') => {
      setPlanId(productPlanId);
      const origin = window.location.origin;
      subscribe.mutate({
        ...target,
        body: {
          productPlanId,
          term,
          successUrl: `${origin}${webPages.paymentSuccess}?subscription=1`,
          cancelUrl: `${origin}${webPages.paymentCancel}?subscription=1`,
        },
      });
    },
  };
}

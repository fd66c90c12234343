import { nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

/** Runs the top progress bar while the router loads a route's code or data. */
export function useNavigationProgress(): void {
  const busy = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    nprogress.start();
    return () => {
      nprogress.complete();
    };
  }, [busy]);
}

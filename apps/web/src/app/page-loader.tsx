import { nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';

/** Shown while the first page's code loads; the top progress bar says something is happening. */
export function PageLoader() {
  useEffect(() => {
    nprogress.start();
    return () => {
      nprogress.complete();
    };
  }, []);
  return null;
}

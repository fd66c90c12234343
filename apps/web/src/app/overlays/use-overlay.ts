import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { listOpenOverlays, withFlag, withoutFlag } from './overlay-query';

export interface OverlayControls {
  /** Opens the overlay on top of any other, as a new history entry so Back closes it. */
  open: (flag: string, value?: string | number | null) => void;
  /** Removes the flag from the query, replacing the current history entry. */
  close: (flag: string) => void;
  /** Whether the flag is in the query (whether or not this organization allows it). */
  isOpen: (flag: string) => boolean;
}

/** Opens and closes query-flag overlays on the current page; the query string is the only state. */
export function useOverlay(): OverlayControls {
  const location = useLocation();
  const navigate = useNavigate();

  return useMemo(() => {
    const go = (search: string, replace: boolean) => {
      // Keep the path and hash, and stay where the page is scrolled: ScrollRestoration would jump to the top.
      void navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace, preventScrollReset: true },
      );
    };
    return {
      open: (flag, value) => {
        go(withFlag(location.search, flag, value), false);
      },
      close: (flag) => {
        go(withoutFlag(location.search, flag), true);
      },
      isOpen: (flag) => listOpenOverlays(location.search, (present) => present === flag).length > 0,
    };
  }, [location.pathname, location.search, location.hash, navigate]);
}

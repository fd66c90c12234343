import { useOverlay } from '../overlays/use-overlay';

/** Opens an overlay by adding its flag to the query (the overlay host shows it). */
export function useOverlayLink(): (flag: string, value?: string | number) => void {
  const { open } = useOverlay();
  return (flag, value) => open(flag, value === undefined ? undefined : String(value));
}

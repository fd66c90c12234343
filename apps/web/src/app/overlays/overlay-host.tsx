import { lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { listOpenOverlays, type OpenOverlay } from './overlay-query';
import { findOverlay, overlayDefinitions } from './overlay-registry';
import { OverlayFrame } from './overlay-frame';
import { useOverlay } from './use-overlay';

// One lazy component per flag, made once: a lazy() made during render would remount the panel every time.
const panels = new Map(overlayDefinitions.map((definition) => [definition.flag, lazy(definition.load)]));

interface OverlayHostProps {
  /** The flags this organization allows; `null` (the default) allows every defined flag. */
  allowedFlags?: ReadonlySet<string> | null;
}

function sameOverlay(a: OpenOverlay | null, b: OpenOverlay | null): boolean {
  return a?.flag === b?.flag && a?.value === b?.value;
}

/**
 * Shows the overlay named by the query string. With several flags present only the last one shows: the query
 * order is the stack, and closing the top reveals the one under it. Stacked drawers would fight over focus and
 * Escape, and a person can only work in one at a time. Unknown and disallowed flags are ignored.
 */
export function OverlayHost({ allowedFlags = null }: OverlayHostProps) {
  const { search } = useLocation();
  const { close } = useOverlay();
  const isShown = (flag: string) => panels.has(flag) && (allowedFlags === null || allowedFlags.has(flag));
  const top = listOpenOverlays(search, isShown).at(-1) ?? null;

  // The URL is the state, so a removed flag vanishes at once; keeping the last overlay a moment longer lets
  // its drawer slide out instead of disappearing.
  const [lastShown, setLastShown] = useState<OpenOverlay | null>(top);
  if (top !== null && !sameOverlay(top, lastShown)) setLastShown(top);

  const shown = top ?? lastShown;
  const definition = shown && findOverlay(shown.flag);
  const Panel = shown && panels.get(shown.flag);
  if (!shown || !definition || !Panel) return null;

  return (
    <OverlayFrame
      definition={definition}
      Panel={Panel}
      value={shown.value}
      opened={top !== null}
      onClose={() => {
        close(shown.flag);
      }}
      onExited={() => {
        setLastShown(null);
      }}
    />
  );
}

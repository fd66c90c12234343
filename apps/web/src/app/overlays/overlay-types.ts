import type { ComponentType } from 'react';

export type OverlaySize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

export type OverlayKind = 'drawer' | 'modal';

/** What an overlay's component receives from the host. */
export interface OverlayProps {
  /** The flag's query value, e.g. the contact id of `editContact=42`; `null` for a bare flag (`''` or `true`). */
  value: string | null;
  /** Removes this flag from the query string, which closes the overlay. */
  close: () => void;
}

/** One query-string flag and the screen it opens; each area lists its own in `features/<area>/overlays.ts`. */
export interface OverlayDefinition {
  flag: string;
  /** Shown in the drawer or modal header. */
  title: string;
  /** The feature folder that owns the overlay. */
  area: string;
  /** Defaults to `md`; `full` covers the screen. */
  size?: OverlaySize;
  /** Defaults to a drawer from the right; modals suit short confirmations and pickers. */
  kind?: OverlayKind;
  /** A dynamic `import()`, so the overlay's code loads only when it first opens. */
  load: () => Promise<{ default: ComponentType<OverlayProps> }>;
}

import type { Icon } from '@tabler/icons-react';
import type { OverlayDefinition } from './overlay-types';

export interface ComingOverlayOptions extends Omit<OverlayDefinition, 'load'> {
  /** One plain sentence on what the overlay is for, shown until the real panel exists. */
  description: string;
  icon: Icon;
}

/**
 * An overlay whose area has not built its panel: it opens the shared placeholder instead of a broken page.
 * Replace the call with a plain definition whose `load` imports the real panel.
 */
export function comingOverlay({ description, icon, ...definition }: ComingOverlayOptions): OverlayDefinition {
  return {
    ...definition,
    load: async () => ({
      default: (await import('./coming-panel')).comingPanel({ title: definition.title, description, icon }),
    }),
  };
}

import { overlayFlags } from '@switchboard/contract';
import type { OverlayDefinition } from './overlay-types';

/** Every overlay flag the app answers to (spec part 1 §2), declared with the pages in the contract. */
export const allOverlayFlags = overlayFlags;

export type OverlayFlag = (typeof allOverlayFlags)[number];

// Each area lists its own overlays, so adding one never touches a shared file. The lists are eager (they are
// tiny); every definition's `load` is a dynamic import, so the overlay components themselves stay lazy.
const featureModules = import.meta.glob<{ overlays: OverlayDefinition[] }>('../../features/*/overlays.ts', {
  eager: true,
});

/** Each feature's overlay list, keyed by its file path (`../../features/<area>/overlays.ts`). */
export const featureOverlays: ReadonlyMap<string, readonly OverlayDefinition[]> = new Map(
  Object.entries(featureModules).map(([path, module]) => [path, module.overlays]),
);

/** Every defined overlay; `overlay-registry.test.ts` proves each flag is defined exactly once. */
export const overlayDefinitions: readonly OverlayDefinition[] = [...featureOverlays.values()].flat();

const definitionsByFlag = new Map(overlayDefinitions.map((definition) => [definition.flag, definition]));

/** The overlay a query flag opens, or `undefined` for a flag no feature defines. */
export function findOverlay(flag: string): OverlayDefinition | undefined {
  return definitionsByFlag.get(flag);
}

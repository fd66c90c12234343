import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AccountView } from '@switchboard/contract';

/** What a workspace section's screen receives from the shell. */
export interface SectionProps {
  /** The account the workspace shows (the deepest tier of the path). */
  account: AccountView;
  /** The path of that account's workspace, e.g. `/app/partner/1/reseller/2/org/3`; sections live below it. */
  basePath: string;
}

/** The screen of one navigation section (`inbox`, `logs`, ...); each area lists its own in `features/<area>/sections.ts`. */
export interface SectionScreen {
  /** The path segment of the section in workspace-sections.ts. */
  segment: string;
  /** A dynamic `import()`, so the screen's code loads only when it is first shown. */
  load: () => Promise<{ default: ComponentType<SectionProps> }>;
}

// Like overlays: each area lists its section screens, so adding one never touches a shared file.
const featureModules = import.meta.glob<{ sections: SectionScreen[] }>('../../features/*/sections.ts', {
  eager: true,
});

// One lazy component per screen, made once, so React keeps its state across renders.
const screensBySegment = new Map(
  Object.values(featureModules)
    .flatMap((module) => module.sections)
    .map((screen) => [screen.segment, lazy(screen.load)]),
);

/** The screen registered for a section segment, or undefined while the section has none. */
export function findSectionScreen(
  segment: string,
): LazyExoticComponent<ComponentType<SectionProps>> | undefined {
  return screensBySegment.get(segment);
}

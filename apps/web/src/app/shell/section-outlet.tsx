import { Center, Loader } from '@mantine/core';
import { createElement, Suspense } from 'react';
import type { WorkspaceSection } from './workspace-sections';
import { findSectionScreen, type SectionProps } from './section-registry';
import { SectionPlaceholder } from './section-placeholder';

/** Renders the active section's screen, loaded lazily; a section no area has built yet says so plainly. */
export function SectionOutlet({ section, ...props }: SectionProps & { section: WorkspaceSection }) {
  const Screen = findSectionScreen(section.segment);
  if (!Screen) {
    return <SectionPlaceholder title={section.label} description={section.description} icon={section.icon} />;
  }
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader />
        </Center>
      }
    >
      {/* Each screen is one lazy component made at start-up (section-registry), so its state survives renders. */}
      {createElement(Screen, props)}
    </Suspense>
  );
}

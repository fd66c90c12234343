import { Center, Drawer, Loader, Modal, useMatches } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { OverlayErrorBoundary } from './overlay-error-boundary';
import type { OverlayDefinition, OverlayProps, OverlaySize } from './overlay-types';

interface OverlayFrameProps {
  definition: OverlayDefinition;
  Panel: ComponentType<OverlayProps>;
  value: string | null;
  /** False while the frame animates out after its flag left the query. */
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}

const drawerSizes: Record<OverlaySize, string> = { sm: 'sm', md: 'md', lg: 'lg', xl: 'xl', full: '100%' };

/** One overlay in its drawer or modal, with its lazily loaded panel. */
export function OverlayFrame({ definition, Panel, value, opened, onClose, onExited }: OverlayFrameProps) {
  const size = definition.size ?? 'md';
  // On a phone a side drawer narrower than the screen only wastes space.
  const drawerSize = useMatches({ base: '100%', sm: drawerSizes[size] });

  const body = (
    <OverlayErrorBoundary key={`${definition.flag}=${value ?? ''}`} onClose={onClose}>
      <Suspense
        fallback={
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        }
      >
        {/* The flag on the panel lets tests and analytics tell which overlay is on screen. */}
        <div data-overlay-flag={definition.flag}>
          <Panel value={value} close={onClose} />
        </div>
      </Suspense>
    </OverlayErrorBoundary>
  );

  if (definition.kind === 'modal') {
    return (
      <Modal
        opened={opened}
        onClose={onClose}
        onExitTransitionEnd={onExited}
        title={definition.title}
        size={size === 'full' ? undefined : size}
        fullScreen={size === 'full'}
      >
        {body}
      </Modal>
    );
  }
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      title={definition.title}
      position="right"
      size={drawerSize}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {body}
    </Drawer>
  );
}

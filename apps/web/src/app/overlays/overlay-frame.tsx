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

  // Mantine renders the drawer and modal headers as <header>, a second banner landmark beside the page's own
  // while an overlay is open; the compound parts let the header be a plain element inside the dialog.
  if (definition.kind === 'modal') {
    return (
      <Modal.Root
        opened={opened}
        onClose={onClose}
        onExitTransitionEnd={onExited}
        size={size === 'full' ? undefined : size}
        fullScreen={size === 'full'}
      >
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>{definition.title}</Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>{body}</Modal.Body>
        </Modal.Content>
      </Modal.Root>
    );
  }
  return (
    <Drawer.Root
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onExited}
      position="right"
      size={drawerSize}
    >
      <Drawer.Overlay />
      <Drawer.Content>
        <Drawer.Header component="div">
          <Drawer.Title fw={600} fz="lg">
            {definition.title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>{body}</Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

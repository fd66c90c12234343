import { Center, Drawer, Loader, Modal, useMatches } from '@mantine/core';
import { Suspense, useEffect, useRef, type ComponentType } from 'react';
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

/**
 * Escape closes the top layer only. Mantine closes every open modal and drawer on one Escape; a dialog opened over
 * an overlay (Versions, a confirmation) holds the focus, so the overlay closes only when the key was pressed in
 * its own dialog (or nowhere in particular).
 */
function useEscapeWhenOnTop(opened: boolean, onClose: () => void) {
  const inside = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!opened) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      const own = inside.current?.closest('[role="dialog"]') ?? null;
      const target = event.target instanceof Element ? event.target : null;
      const targetDialog = target?.closest('[role="dialog"]') ?? null;
      if (target === null || target === document.body || (own !== null && targetDialog === own)) onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [opened, onClose]);
  return inside;
}

/** One overlay in its drawer or modal, with its lazily loaded panel. */
export function OverlayFrame({ definition, Panel, value, opened, onClose, onExited }: OverlayFrameProps) {
  const size = definition.size ?? 'md';
  // On a phone a side drawer narrower than the screen only wastes space.
  const drawerSize = useMatches({ base: '100%', sm: drawerSizes[size] });
  const inside = useEscapeWhenOnTop(opened, onClose);

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
        <div data-overlay-flag={definition.flag} ref={inside}>
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
        closeOnEscape={false}
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
      closeOnEscape={false}
      title={definition.title}
      position="right"
      size={drawerSize}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {body}
    </Drawer>
  );
}

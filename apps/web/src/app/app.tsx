import { MantineProvider } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { colorSchemeManager, forcedColorSchemeFor } from './color-scheme';
import { PageChrome } from './page-chrome';
import { queryClient } from './query-client';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

function subscribeToRouter(onChange: () => void): () => void {
  return router.subscribe(onChange);
}

function currentPathname(): string {
  return router.state.location.pathname;
}

export function App() {
  // Read from the router itself: the theme provider sits above it so overlays and toasts share the scheme.
  const pathname = useSyncExternalStore(subscribeToRouter, currentPathname);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      forceColorScheme={forcedColorSchemeFor(pathname)}
    >
      <QueryClientProvider client={queryClient}>
        {/* The progress bar and toasts are fixed on screen; kept in a named region so no content sits outside
            the page's landmarks. */}
        <div role="region" aria-label="Page status">
          <NavigationProgress size={3} aria-label="Page loading" withinPortal={false} />
          <PageChrome />
        </div>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

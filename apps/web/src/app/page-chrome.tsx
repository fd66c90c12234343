import { lazy, Suspense, useSyncExternalStore } from 'react';

// Toasts and confirmation dialogs (with their transitions, portals, focus trap and scroll area) load on first
// use, so a page that shows neither, such as sign-in, never downloads them.
const PageChromeHost = lazy(() => import('./page-chrome-host'));

let wanted = false;
let markMounted: () => void = () => undefined;
let mounted: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Loads and mounts the toast and dialog host once; resolves when it listens for toasts and dialogs. */
export function showPageChrome(): Promise<void> {
  mounted ??= new Promise<void>((resolve) => {
    markMounted = resolve;
    wanted = true;
    for (const listener of listeners) listener();
  });
  return mounted;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Where the host mounts once something asks for it (a toast, a confirmation, the signed-in workspace). */
export function PageChrome() {
  const show = useSyncExternalStore(subscribe, () => wanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <PageChromeHost onMounted={markMounted} />
    </Suspense>
  );
}

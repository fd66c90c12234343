import '@mantine/core/styles.css';
import '@mantine/nprogress/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { readMobileFlags } from './lib/mobile-flags';

// The native apps open the web app with their flags in the query once; later pages read them from storage.
try {
  readMobileFlags(new URLSearchParams(window.location.search), window.localStorage);
} catch {
  // Storage can be unavailable (private modes, embedded views); the flags then apply to this page only.
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

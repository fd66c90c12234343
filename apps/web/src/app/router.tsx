import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { PageLoader } from './page-loader';
import { pageRoutes } from './page-routes';
import { RedirectToApp } from './redirect-to-app';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoader,
    children: [
      {
        // A pathless layer so a failing page keeps the root layout (and its progress bar) mounted.
        ErrorBoundary: RouteErrorPage,
        children: [
          { path: '/', Component: RedirectToApp },
          ...pageRoutes,
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

import { Outlet, ScrollRestoration } from 'react-router';
import { useNavigationProgress } from './use-navigation-progress';

export function RootLayout() {
  useNavigationProgress();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

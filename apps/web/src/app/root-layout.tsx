import { Outlet, ScrollRestoration } from 'react-router';
import { BrandEffects } from '../features/domains/brand-effects';
import { useNavigationProgress } from './use-navigation-progress';

export function RootLayout() {
  useNavigationProgress();
  return (
    <>
      <BrandEffects />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

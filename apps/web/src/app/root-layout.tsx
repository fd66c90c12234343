import { Outlet, ScrollRestoration } from 'react-router';
import { BrandEffects } from '../features/domains/brand-effects';
import { DemoModeBanner } from './demo-mode-banner';
import { useNavigationProgress } from './use-navigation-progress';

export function RootLayout() {
  useNavigationProgress();
  return (
    <>
      <BrandEffects />
      <DemoModeBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

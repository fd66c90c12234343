import type { OverlayProps } from '../../app/overlays/overlay-types';
import { CardTopUp } from './card-top-up';

/** checkout: pay by card for a top-up; `checkout=25` starts at $25. */
export function CheckoutOverlay({ value }: OverlayProps) {
  const preset = value !== null && /^\d{1,5}(\.\d{1,2})?$/.test(value) ? Number(value) : undefined;
  return <CardTopUp initialAmount={preset} />;
}

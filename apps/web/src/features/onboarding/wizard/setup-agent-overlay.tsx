import type { OverlayProps } from '../../../app/overlays/overlay-types';
import { OnboardOverlay } from './onboard-overlay';

/** setupAgent: the setup wizard opened at the template's questions. */
export function SetupAgentOverlay({ close }: OverlayProps) {
  return <OnboardOverlay value="setupAgent" close={close} />;
}

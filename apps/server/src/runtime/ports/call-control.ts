import type { EndReason } from '../conversation';
import type { TransferRing } from './transfer-ring';

export type { TransferRing };

/**
 * What the runtime can do to the line a live conversation runs on. The channel that carries the call implements
 * it (the browser socket, a phone media stream, a SIP dialog): the runtime decides, the channel acts. Once a
 * conversation has ended, the session calls exactly one of these, after the agent's last words were delivered.
 */
export interface CallControl {
  /** Connect the caller to this number (E.164) and leave the call. */
  transfer(destination: string): Promise<void>;
  /**
   * Rings the destination while the caller holds, before `transfer` (lines that can: the sandbox phone network);
   * a carrier's line without it transfers unrung (Twilio's `<Dial>`).
   */
  ringTransfer?(destination: string): Promise<TransferRing>;
  /** End the call; `reason` says who ended it (the caller's own hang-up included, so the line is released). */
  hangUp(reason: EndReason): Promise<void>;
  /** Plays keypad digits (0-9, *, #) into the call, for a phone menu; absent where the line cannot. */
  sendDigits?(digits: string): Promise<void>;
}

import type { Actor } from '../../http/authenticator';
import { sandboxPhoneEndpoints } from '@switchboard/contract';
import { AppError } from '../../platform/app-error';
import { SandboxTelephony } from '../../providers/telephony/sandbox';
import { SandboxPhoneNetwork } from '../../providers/telephony/sandbox-network';
import { FramePacer } from '../../runtime/channels/frame-pacer';
import type { Feature } from '../feature';
import { startSandboxCallHeartbeat } from './sandbox-call-heartbeat';
import { sandboxSwitchboard } from './sandbox-phone-calls';
import {
  answerSoftphoneCall,
  chooseSoftphoneNumber,
  declineSoftphoneCall,
  dialFromSoftphone,
  hangUpSoftphoneCall,
  softphoneNumber,
  SoftphoneCalls,
} from './sandbox-phone.service';
import { registerSoftphoneSockets } from './sandbox-phone-sockets';
import { SoftphoneRinger } from './softphone-ringer';
import { SoftphoneTransfers } from './sandbox-phone-transfers';
import { sendSoftphoneText, softphoneTexts } from './softphone-texts.service';

const signedIn = (actor: Actor | null) => {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to use the softphone');
  return actor;
};

/**
 * The sandbox phone network's softphone: the person's caller number, dialing, answering and declining the calls
 * agents place to it, hanging up, and each call's audio on a WebSocket in the Media Streams message format with
 * 16 kHz PCM, bound to the same TwilioMediaStream channel a carrier's call uses. The network carries the calls
 * agents place through this process (sandbox-phone-calls.ts). The endpoints answer 404 unless telephony is the
 * sandbox network.
 */
export const sandboxPhoneFeature: Feature = {
  name: 'sandbox-phone',
  registerRoutes({ app, implement, db, telephony, runtime, background, authenticator, logger, config }) {
    const deps = { db, telephony, publicUrl: config.publicUrl };
    const textDeps = { ...deps, runtime, background, logger };
    const calls = new SoftphoneCalls();
    const ringer = new SoftphoneRinger();
    // Without the sandbox network its endpoints answer 404 before a transfer is ever looked up.
    const transfers = new SoftphoneTransfers(
      telephony instanceof SandboxTelephony ? telephony.network : new SandboxPhoneNetwork(),
    );
    implement(sandboxPhoneEndpoints)({
      softphone: async ({ ctx }) => ({
        success: true,
        phoneNumber: await softphoneNumber(deps, signedIn(ctx.actor).userId),
        sandbox: true,
      }),
      chooseSoftphoneNumber: async ({ body, ctx }) => ({
        success: true,
        phoneNumber: await chooseSoftphoneNumber(deps, signedIn(ctx.actor).userId, body.phoneNumber),
        sandbox: true,
      }),
      dialSandboxCall: async ({ body, ctx }) => ({
        success: true,
        ...(await dialFromSoftphone(deps, calls, signedIn(ctx.actor).userId, body.to)),
      }),
      answerSandboxCall: async ({ params, ctx }) => ({
        success: true,
        ...(await answerSoftphoneCall(
          deps,
          calls,
          ringer,
          transfers,
          signedIn(ctx.actor).userId,
          params.callId,
        )),
      }),
      declineSandboxCall: ({ params, ctx }) =>
        Promise.resolve({
          success: true as const,
          status: declineSoftphoneCall(deps, ringer, signedIn(ctx.actor).userId, params.callId),
        }),
      hangUpSandboxCall: async ({ params, ctx }) => ({
        success: true,
        status: await hangUpSoftphoneCall(deps, calls, signedIn(ctx.actor).userId, params.callId),
      }),
      softphoneTexts: async ({ ctx }) => ({
        success: true,
        ...(await softphoneTexts(textDeps, signedIn(ctx.actor).userId)),
      }),
      sendSoftphoneText: async ({ body, ctx }) => ({
        success: true,
        text: await sendSoftphoneText(textDeps, signedIn(ctx.actor).userId, body.to, body.text),
      }),
    });
    if (!(telephony instanceof SandboxTelephony)) return;
    const callDeps = { ...deps, runtime, logger, pacer: new FramePacer() };
    telephony.network.attach(sandboxSwitchboard(callDeps, telephony, ringer));
    const stopHeartbeat = startSandboxCallHeartbeat({ db, logger }, telephony.network);
    app.addHook('onClose', stopHeartbeat);
    registerSoftphoneSockets(app, {
      ...callDeps,
      authenticator,
      carrier: telephony,
      calls,
      ringer,
      transfers,
    });
  },
};

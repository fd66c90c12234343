import { z } from 'zod';

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number of ${what}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/** Merged into the server's environment schema (with `checkSipEnv` in a superRefine). */
export const sipEnvShape = {
  /** The SIP endpoint's port (UDP and TCP), `off` for none, 0 for any free port. */
  SIP_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, 'must be a port from 0 to 65535, or off')
    .refine((value) => value === 'off' || Number(value) <= 65535, 'must be a port from 0 to 65535, or off')
    .optional(),
  /** The address the endpoint listens on; the server's HOST unless given. */
  SIP_HOST: z.string().trim().min(1).optional(),
  /** The host or address put in Contact headers and SDP (where peers send SIP and RTP). */
  SIP_PUBLIC_HOST: z.string().trim().min(1).optional(),
  RTP_PORT_MIN: wholeNumber('a port', 1024, 65534).default(40000),
  RTP_PORT_MAX: wholeNumber('a port', 1025, 65535).default(40999),
  /** A call whose caller sends no RTP for this long is taken as gone and closed. */
  SIP_RTP_TIMEOUT_SECONDS: wholeNumber('seconds', 1, 3600).default(30),
  /**
   * The shortest session interval (RFC 4028 Min-SE) a call may ask for with Session-Expires; below it the INVITE
   * is answered 422. The RFC's floor is 90 s; tests lower it.
   */
  SIP_SESSION_MIN_SECONDS: wholeNumber('seconds', 1, 86_400).default(90),
  SIP_TCP: z
    .enum(['on', 'off'], { error: () => 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
} satisfies z.ZodRawShape;

type SipEnv = z.output<z.ZodObject<typeof sipEnvShape>> & { NODE_ENV: string; HOST: string };

export interface SipConfig {
  /** Null: no SIP endpoint. 0: any free port (tests). */
  port: number | null;
  /** The port was the default, not chosen: a busy port leaves the endpoint off with a warning. */
  portIsDefault: boolean;
  host: string;
  publicHost: string;
  rtpPorts: { min: number; max: number };
  rtpTimeoutMs: number;
  /** The least Session-Expires accepted (RFC 4028 Min-SE), seconds. */
  sessionMinSeconds: number;
  tcp: boolean;
}

/** A superRefine for the server's env schema: the RTP range must hold at least one call. */
export function checkSipEnv(env: SipEnv, ctx: z.RefinementCtx): void {
  if (env.RTP_PORT_MAX < env.RTP_PORT_MIN + 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['RTP_PORT_MAX'],
      message: `must be above RTP_PORT_MIN (${env.RTP_PORT_MIN}) by at least 1`,
    });
  }
}

/**
 * SIP is on at 5060 by default, except under NODE_ENV=test, where a test turns it on with SIP_PORT (0 for a free
 * port). The endpoint listens where the web server does unless SIP_HOST says otherwise.
 */
export function sipConfigFromEnv(env: SipEnv): SipConfig {
  const chosen = env.SIP_PORT;
  const port =
    chosen === 'off' ? null : chosen !== undefined ? Number(chosen) : env.NODE_ENV === 'test' ? null : 5060;
  const host = env.SIP_HOST ?? env.HOST;
  const anyAddress = host === '0.0.0.0' || host === '::';
  return {
    port,
    portIsDefault: chosen === undefined,
    host,
    publicHost: env.SIP_PUBLIC_HOST ?? (anyAddress ? '127.0.0.1' : host),
    rtpPorts: { min: env.RTP_PORT_MIN, max: env.RTP_PORT_MAX },
    rtpTimeoutMs: env.SIP_RTP_TIMEOUT_SECONDS * 1000,
    sessionMinSeconds: env.SIP_SESSION_MIN_SECONDS,
    tcp: env.SIP_TCP,
  };
}

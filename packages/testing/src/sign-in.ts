import type { FastifyInstance } from 'fastify';
import { demoEmailDomain } from '@switchboard/db';

/** The latest 6-digit code the sandbox outbox holds for an address. */
export async function readCodeFromOutbox(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/dev/outbox?to=${encodeURIComponent(to)}&limit=1`,
  });
  const items = response.json<{ items: { text: string }[] }>().items;
  const code = items[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in the outbox for ${to}: ${response.body}`);
  return code;
}

export interface SignedIn {
  token: string;
  id: number;
  username: string;
}

/** Signs in the way a person does: request a code by email, read it from the outbox, verify it. */
export async function signInByEmail(app: FastifyInstance, email: string): Promise<SignedIn> {
  const request = await app.inject({ method: 'POST', url: '/api/v1/signin/email', payload: { email } });
  if (request.statusCode !== 200)
    throw new Error(`signin/email answered ${request.statusCode}: ${request.body}`);
  const verificationCode = await readCodeFromOutbox(app, email);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/v1/email/verify',
    payload: { email, verificationCode },
  });
  if (verify.statusCode !== 200)
    throw new Error(`email/verify answered ${verify.statusCode}: ${verify.body}`);
  return verify.json<SignedIn>();
}

/** A demo person's email (superadmin, partner, reseller, acme, globex, agent1, agent2, agent3). */
export const demoEmail = (who: string) => `${who}@${demoEmailDomain}`;

import type { SipMessage } from '../../providers/telephony/sip/sip-stack';
import type { DigestChallenge } from './sip-digest';
import type { SipRegistrationRow } from './sip-registration.repo';

/**
 * Why a REGISTER failed, in words a person setting up a phone system can act on, ending with the SIP status.
 * A response the stack made itself (no To tag: nothing came from the network) is told apart from the PBX's own.
 */
export function registrationFailure(
  response: SipMessage,
  row: Pick<SipRegistrationRow, 'proxy' | 'sipRealm' | 'port' | 'transport'>,
  auth: { challenge: DigestChallenge | null; answeredBefore: boolean },
): string {
  const status = response.status ?? 0;
  const code = `(${status}${response.reason ? ` ${response.reason}` : ''})`;
  const where = `${row.proxy ?? row.sipRealm}:${row.port} over ${row.transport.toUpperCase()}`;
  const fromNetwork = Boolean(response.headers.to?.params.tag);
  if (!fromNetwork) {
    if (status === 408) {
      return `No answer from ${where} ${code}: check the proxy, port and transport, and that the phone system accepts traffic from this server.`;
    }
    if (status === 404)
      return `${row.proxy ?? row.sipRealm} could not be found in DNS ${code}: check the proxy or realm.`;
    return `Could not reach ${where} ${code}: check the proxy, port and transport.`;
  }
  if (status === 401 || status === 407) {
    if (auth.answeredBefore) {
      return `The phone system refused the user name or password ${code}: check the authentication user name, password and realm.`;
    }
    if (auth.challenge) {
      return `The phone system asks for digest ${auth.challenge.algorithm}${auth.challenge.qop.length ? ` with qop ${auth.challenge.qop.join(', ')}` : ''}, which is not supported ${code}: choose MD5 or SHA-256 there.`;
    }
    return `The phone system asked for a kind of authentication other than digest ${code}.`;
  }
  if (status === 403)
    return `The phone system refused this registration ${code}: check the user name and that the extension may register.`;
  if (status === 404)
    return `The phone system does not know this address of record ${code}: check the AOR and user name.`;
  if (status === 423) return `The phone system wants a longer registration than it allows ${code}.`;
  if (status >= 500) return `The phone system had a problem ${code}; it will be tried again.`;
  return `The phone system answered ${code}.`;
}

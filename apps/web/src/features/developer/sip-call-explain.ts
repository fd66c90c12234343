/** What a call's SIP messages and its record say went right or wrong, in plain words. */

export interface LadderMessage {
  direction: 'in' | 'out';
  /** The request method or the response status line (`INVITE`, `486 Busy Here`). */
  summary: string;
  peer: string;
  raw: string;
}

export interface CallOutcome {
  status: string;
  endReason: string | null;
}

export type CallExplanation =
  | { kind: 'pending'; title: string; text: string }
  | { kind: 'ok'; title: string; text: string }
  | { kind: 'problem'; title: string; text: string };

/** The status code of a response (`486 Busy Here` → 486), null for a request. */
export const statusOf = (summary: string): number | null => {
  const match = /^(\d{3})\b/.exec(summary.trim());
  return match ? Number(match[1]) : null;
};

/** The method a message's CSeq names (`CSeq: 2 INVITE` → INVITE). */
const cseqMethod = (raw: string): string | null =>
  /^CSeq:\s*\d+\s+(\S+)/im.exec(raw)?.[1]?.toUpperCase() ?? null;

/** Our own Warning on a refusal: `Warning: 399 switchboard "…"` → the quoted text. */
const ourWarning = (raw: string): string | null =>
  /^Warning:\s*\d{3}\s+switchboard\s+"([^"]*)"/im.exec(raw)?.[1] ?? null;

const problem = (title: string, text: string): CallExplanation => ({ kind: 'problem', title, text });

/** The final answers to the call's INVITEs (the first, and any retried with credentials). */
function inviteAnswers(messages: LadderMessage[]): { status: number; message: LadderMessage }[] {
  return messages.flatMap((message) => {
    const status = statusOf(message.summary);
    if (status === null || status < 200) return [];
    const method = cseqMethod(message.raw);
    return method === null || method === 'INVITE' ? [{ status, message }] : [];
  });
}

function explainRefusal(status: number, message: LadderMessage, challenges: number): CallExplanation {
  const line = message.summary.trim();
  if (status === 403) {
    const warning = ourWarning(message.raw);
    if (warning && /whitelist/i.test(warning)) {
      return problem(
        'Wrong IP: the caller’s address is not allowed',
        `${warning}. Add the address your phone system sends from under Allowed IPs, then call again.`,
      );
    }
    return problem(
      'Refused (403 Forbidden)',
      warning ??
        'The other side refused the call. Check that it accepts calls from this platform’s address and that the number may be called.',
    );
  }
  if (status === 401 || status === 407) {
    return challenges >= 2
      ? problem(
          'Credentials refused',
          `The phone system asked for credentials, was given them, and refused them (${line}). Check the user name, authentication user name and password under Registration.`,
        )
      : problem(
          'Credentials needed',
          `The phone system asks for a user name and password (${line}). Save a registration with its credentials, then call again.`,
        );
  }
  if (status === 488 || status === 415 || status === 606) {
    return problem(
      'Codec mismatch: no common audio format',
      `The two sides share no audio codec (${line}). This platform speaks G.711 (PCMU μ-law or PCMA A-law) with telephone-event for keypad presses: turn one of them on in your phone system or trunk.`,
    );
  }
  if (status === 486 || status === 600) {
    return problem('Busy', `The number called was busy (${line}). Try again when the line is free.`);
  }
  if (status === 480 || status === 408) {
    return problem('No answer', `Nobody answered the call (${line}).`);
  }
  if (status === 487) {
    return problem('Canceled', `The call was canceled before anyone answered (${line}).`);
  }
  if (status === 404 || status === 484 || status === 604) {
    const warning = ourWarning(message.raw);
    return problem(
      'Number or agent unknown',
      warning
        ? `${warning}. Check the number in the Request-URI and the From against the addresses on the first step.`
        : `The number called is not known there (${line}). Check the number, in E.164 such as +15551234567, and the route.`,
    );
  }
  if (status === 503) {
    return problem('Service unavailable', `The other side cannot take calls right now (${line}).`);
  }
  return problem(`Refused (${line})`, `The call was refused with ${line}.`);
}

/**
 * The plain-words explanation of one call from its messages (oldest first) and, when known, its record.
 * Pending while it lasts; a problem for a refusal, refused credentials, a codec mismatch, a busy or unanswered
 * number, an unknown number, an INVITE nobody answered, or an answered call whose audio never arrived.
 */
export function explainSipCall(messages: LadderMessage[], outcome: CallOutcome | null): CallExplanation {
  const answers = inviteAnswers(messages);
  const challenges = answers.filter((answer) => answer.status === 401 || answer.status === 407).length;
  const answered = answers.some((answer) => answer.status >= 200 && answer.status < 300);
  const ended = outcome !== null && outcome.endReason !== null;
  if (outcome?.endReason === 'rtp-timeout') {
    return problem(
      'No audio: RTP never arrived',
      'The call was answered but no audio (RTP) came from the other side, so it was hung up. Usually a firewall or NAT blocks the UDP media ports, or the SDP names a private address the platform cannot reach.',
    );
  }
  const refusal = answers.find((answer) => answer.status >= 300);
  const last = answers.at(-1);
  if (!answered && refusal && last && last.status >= 300) {
    // A single 401/407 answered with credentials is the normal handshake; it is the last answer that counts.
    if ((last.status === 401 || last.status === 407) && !ended && challenges < 2) {
      return { kind: 'pending', title: 'Authenticating', text: 'The phone system asked for credentials.' };
    }
    return explainRefusal(last.status, last.message, challenges);
  }
  if (answered) {
    if (!ended) {
      return {
        kind: 'pending',
        title: 'Answered',
        text: 'The call is up. Its messages appear as they cross.',
      };
    }
    return {
      kind: 'ok',
      title: 'The call worked',
      text: 'It was answered, audio flowed, and it ended normally.',
    };
  }
  const sentInvite = messages.some((message) => message.summary === 'INVITE' && message.direction === 'out');
  const heard = messages.some((message) => message.direction === 'in');
  if (ended && sentInvite && !heard) {
    return problem(
      'No reply from the other side',
      'The INVITE went out but nothing came back. Check the route’s host, port and transport, and that its firewall lets this platform’s address through.',
    );
  }
  if (ended) {
    return problem(
      'The call failed',
      `It ended before it was answered (${outcome.endReason ?? 'no reason'}).`,
    );
  }
  return { kind: 'pending', title: 'Calling', text: 'Waiting for the other side to answer.' };
}

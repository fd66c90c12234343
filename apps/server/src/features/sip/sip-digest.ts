import { createHash, randomBytes } from 'node:crypto';

/**
 * HTTP digest authentication as SIP uses it (RFC 3261 §22, RFC 2617, RFC 7616/8760): the answer to a registrar's
 * or proxy's 401/407 challenge. MD5 and SHA-256, each also as `-sess`; qop `auth` when offered, else the RFC
 * 2069 form. `auth-int` is not offered by the PBXs we meet and is refused as unsupported.
 */
export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: string;
  /** The qop values offered, lower case. */
  qop: string[];
  stale: boolean;
}

const unquote = (value: string | undefined): string | undefined =>
  value === undefined ? undefined : value.replace(/^"(.*)"$/s, '$1').replace(/\\(.)/g, '$1');

/**
 * A challenge from a WWW-Authenticate or Proxy-Authenticate header, as the stack parses it (an object of raw
 * parameter values, quotes kept) or as text. Null when it is not a usable Digest challenge.
 */
export function readChallenge(header: unknown): DigestChallenge | null {
  let params: Record<string, string | undefined>;
  if (typeof header === 'string') {
    const match = /^\s*Digest\s+(.*)$/is.exec(header);
    if (!match) return null;
    params = {};
    const pairs = /([A-Za-z0-9_-]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^\s,]+)/g;
    for (const pair of (match[1] ?? '').matchAll(pairs)) params[(pair[1] ?? '').toLowerCase()] = pair[2];
  } else if (header && typeof header === 'object') {
    const raw = header as Record<string, unknown>;
    if (typeof raw.scheme !== 'string' || raw.scheme.toLowerCase() !== 'digest') return null;
    params = {};
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === 'string') params[key.toLowerCase()] = value;
    }
  } else return null;
  const realm = unquote(params.realm);
  const nonce = unquote(params.nonce);
  if (realm === undefined || !nonce) return null;
  const opaque = unquote(params.opaque);
  return {
    realm,
    nonce,
    ...(opaque === undefined ? {} : { opaque }),
    algorithm: (unquote(params.algorithm) ?? 'MD5').toUpperCase(),
    qop: (unquote(params.qop) ?? '')
      .split(',')
      .map((value) => value.trim().toLowerCase())
      .filter(Boolean),
    stale: (unquote(params.stale) ?? '').toLowerCase() === 'true',
  };
}

const hashes: Record<string, string> = { MD5: 'md5', 'SHA-256': 'sha256' };

/** Whether we can answer the challenge (its algorithm and qop). */
export function canAnswer(challenge: DigestChallenge): boolean {
  const base = challenge.algorithm.replace(/-SESS$/, '');
  return base in hashes && (challenge.qop.length === 0 || challenge.qop.includes('auth'));
}

export interface DigestCredentials {
  username: string;
  password: string;
}

const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;

/**
 * The Authorization (or Proxy-Authorization) header value answering `challenge` for `method` on `uri`, as
 * parameters for the stack's serializer (quoted where the RFC quotes them). `nonceCount` counts uses of this
 * nonce, from 1.
 */
export function answerChallenge(
  challenge: DigestChallenge,
  credentials: DigestCredentials,
  request: { method: string; uri: string },
  nonceCount = 1,
  cnonce = randomBytes(8).toString('hex'),
): Record<string, string> {
  const sess = challenge.algorithm.endsWith('-SESS');
  const hash = hashes[challenge.algorithm.replace(/-SESS$/, '')];
  if (!hash) throw new Error(`the digest algorithm ${challenge.algorithm} is not supported`);
  const h = (text: string) => createHash(hash).update(text, 'utf8').digest('hex');
  let ha1 = h(`${credentials.username}:${challenge.realm}:${credentials.password}`);
  if (sess) ha1 = h(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = h(`${request.method}:${request.uri}`);
  const qop = challenge.qop.includes('auth') ? 'auth' : null;
  const nc = nonceCount.toString(16).padStart(8, '0');
  const response = qop
    ? h(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${qop}:${ha2}`)
    : h(`${ha1}:${challenge.nonce}:${ha2}`);
  return {
    scheme: 'Digest',
    username: quote(credentials.username),
    realm: quote(challenge.realm),
    nonce: quote(challenge.nonce),
    uri: quote(request.uri),
    response: quote(response),
    algorithm: challenge.algorithm,
    ...(qop ? { qop, nc, cnonce: quote(cnonce) } : {}),
    ...(challenge.opaque === undefined ? {} : { opaque: quote(challenge.opaque) }),
  };
}

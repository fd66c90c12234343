import { createHash, randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { header, isResponse, parseMessage, type SipRequestIn } from './fake-sip-wire';

/**
 * A SIP registrar on loopback UDP for tests, written apart from the server's stack: it challenges a REGISTER
 * without credentials with 401 (or 407 as a proxy would) and a Digest MD5 nonce with qop=auth, checks the
 * answer against its users as RFC 2617 says, grants the binding for `expires` seconds (Contact;expires and
 * Expires), and answers 200 to Expires: 0 by dropping it. Every REGISTER is kept with the answer it got.
 */
export interface FakeSipRegistrarOptions {
  realm?: string;
  /** authUsername → password. */
  users?: Record<string, string>;
  /** Seconds granted (default 3600). */
  expires?: number;
  /** Challenge with 407 Proxy-Authenticate instead of 401 WWW-Authenticate. */
  asProxy?: boolean;
}

export interface RegisterSeen {
  request: SipRequestIn;
  status: number;
}

export interface FakeSipRegistrar {
  host: string;
  port: number;
  realm: string;
  readonly registers: RegisterSeen[];
  /** Contact URIs currently bound, by AOR. */
  readonly bindings: Map<string, string>;
  /** Answer every REGISTER with this status from now on (null: behave). */
  failWith(status: number | null): void;
  /** Resolves once `predicate` holds (checked on each REGISTER), or rejects after `timeoutMs`. */
  until(predicate: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** The parameters of a Digest header value, unquoted. */
function digestParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of value.replace(/^\s*Digest\s+/i, '').matchAll(/([\w-]+)\s*=\s*("([^"]*)"|[^\s,]+)/g)) {
    params.set((pair[1] ?? '').toLowerCase(), pair[3] ?? pair[2] ?? '');
  }
  return params;
}

const uriOf = (nameAddr: string) => /<([^>]+)>/.exec(nameAddr)?.[1] ?? nameAddr.split(';')[0]?.trim() ?? '';

export async function startFakeSipRegistrar(
  options: FakeSipRegistrarOptions = {},
): Promise<FakeSipRegistrar> {
  const realm = options.realm ?? 'pbx.test';
  const users = options.users ?? { '1001': 'secret-1001' };
  const expires = options.expires ?? 3600;
  const nonces = new Set<string>();
  const registers: RegisterSeen[] = [];
  const bindings = new Map<string, string>();
  const waiters: (() => void)[] = [];
  let forced: number | null = null;
  const socket = dgram.createSocket('udp4');

  const answer = (
    request: SipRequestIn,
    status: number,
    reason: string,
    extra: string[],
    to: dgram.RemoteInfo,
  ) => {
    const names: Record<string, string> = { via: 'Via', from: 'From', 'call-id': 'Call-ID', cseq: 'CSeq' };
    const copied = Object.entries(names).flatMap(([name, written]) =>
      (request.headers.get(name) ?? []).map((value) => `${written}: ${value}`),
    );
    const toHeader = header(request.headers, 'to');
    const lines = [
      `SIP/2.0 ${status} ${reason}`,
      ...copied,
      `To: ${toHeader}${/;\s*tag=/i.test(toHeader) ? '' : `;tag=${randomBytes(4).toString('hex')}`}`,
      ...extra,
      'Content-Length: 0',
      '',
      '',
    ];
    socket.send(lines.join('\r\n'), to.port, to.address);
    registers.push({ request, status });
    for (const wake of waiters.splice(0)) wake();
  };

  socket.on('message', (data, from) => {
    const message = parseMessage(data.toString('utf8'));
    if (!message || isResponse(message) || message.method !== 'REGISTER') return;
    if (forced !== null) {
      answer(message, forced, 'Forced', [], from);
      return;
    }
    const authName = options.asProxy ? 'proxy-authorization' : 'authorization';
    const credentials = header(message.headers, authName);
    const challenge = () => {
      const nonce = randomBytes(12).toString('hex');
      nonces.add(nonce);
      const name = options.asProxy ? 'Proxy-Authenticate' : 'WWW-Authenticate';
      answer(
        message,
        options.asProxy ? 407 : 401,
        options.asProxy ? 'Proxy Authentication Required' : 'Unauthorized',
        [`${name}: Digest realm="${realm}", nonce="${nonce}", qop="auth", algorithm=MD5, opaque="fake"`],
        from,
      );
    };
    if (!credentials) {
      challenge();
      return;
    }
    const params = digestParams(credentials);
    const user = params.get('username') ?? '';
    const nonce = params.get('nonce') ?? '';
    const password = users[user];
    if (!nonces.has(nonce) || password === undefined || params.get('realm') !== realm) {
      challenge();
      return;
    }
    const ha1 = md5(`${user}:${realm}:${password}`);
    const ha2 = md5(`REGISTER:${params.get('uri') ?? ''}`);
    const expected = params.get('qop')
      ? md5(
          `${ha1}:${nonce}:${params.get('nc') ?? ''}:${params.get('cnonce') ?? ''}:${params.get('qop') ?? ''}:${ha2}`,
        )
      : md5(`${ha1}:${nonce}:${ha2}`);
    if (params.get('response') !== expected || params.get('uri') !== message.uri) {
      challenge();
      return;
    }
    const aor = uriOf(header(message.headers, 'to'));
    const contact = uriOf(header(message.headers, 'contact'));
    if (Number(header(message.headers, 'expires')) === 0) {
      bindings.delete(aor);
      answer(message, 200, 'OK', [], from);
      return;
    }
    bindings.set(aor, contact);
    answer(message, 200, 'OK', [`Contact: <${contact}>;expires=${expires}`, `Expires: ${expires}`], from);
  });

  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  return {
    host: '127.0.0.1',
    port,
    realm,
    registers,
    bindings,
    failWith: (status) => {
      forced = status;
    },
    until: async (predicate, what, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the fake registrar waited ${timeoutMs} ms for ${what}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

import { createRequire } from 'node:module';

// The npm `sip` package (kirm/sip.js 0.0.6, CommonJS, no types of its own): the part the SIP endpoint uses, typed.
export interface SipUri {
  schema?: string;
  user?: string;
  password?: string;
  host: string;
  port?: number;
  params: Record<string, string | null | undefined>;
  headers: Record<string, string>;
}

export interface NameAddr {
  name?: string;
  uri: string;
  params: Record<string, string | null | undefined>;
}

export interface Via {
  version: string;
  protocol: string;
  host: string;
  port?: number;
  params: Record<string, string | number | null | undefined>;
}

export interface SipHeaders {
  via?: Via[];
  from?: NameAddr;
  to?: NameAddr;
  'call-id'?: string;
  cseq?: { seq: number; method: string };
  contact?: NameAddr[] | '*';
  'content-type'?: string;
  'content-length'?: number;
  [name: string]: unknown;
}

export interface SipMessage {
  method?: string;
  uri?: string;
  version?: string;
  status?: number;
  reason?: string;
  headers: SipHeaders;
  content?: string;
}

export interface SipRequest extends SipMessage {
  method: string;
  uri: string;
}

export interface Remote {
  protocol: string;
  address: string;
  port: number;
  local?: { address: string; port: number };
}

export interface StackOptions {
  port?: number;
  address?: string;
  publicAddress?: string;
  hostname?: string;
  udp?: boolean;
  tcp?: boolean;
  maxBytesHeaders?: number;
  maxContentLength?: number;
  logger?: {
    send?: (message: SipMessage, target: Remote) => void;
    recv?: (message: SipMessage, remote: Remote) => void;
    error?: (error: unknown) => void;
  };
}

export interface Stack {
  send(message: SipMessage, onResponse?: (response: SipMessage) => void): void;
  destroy(): void;
  hostname(): string;
  /** A URI naming a connection (transport, peer and local address) that `send` routes back over. */
  encodeFlowUri(flow: Remote): SipUri;
}

export interface SipModule {
  create(options: StackOptions, onRequest: (request: SipRequest, remote: Remote) => void): Stack;
  makeResponse(request: SipRequest, status: number, reason?: string): SipMessage;
  parseUri(uri: string): SipUri | undefined;
  stringify(message: SipMessage): string;
}

/** The stack, loaded through require: it is a CommonJS module. */
export const sip = createRequire(import.meta.url)('sip') as SipModule;

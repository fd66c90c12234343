import type { AddressInfo } from 'node:net';
import type { ClientSessionMessage, ServerSessionMessage } from '@switchboard/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsClient, WebSocketServer, type WebSocket as WsSocket } from 'ws';
import type { TranscriptEntry } from './transcript';
import {
  AgentSession,
  agentSessionUrl,
  describeEnd,
  type SessionAudioEvents,
  type SessionSnapshot,
} from './agent-session';

/** A scripted server speaking the agent-session protocol on loopback. */
interface FakeConnection {
  url: URL;
  socket: WsSocket;
  received: ClientSessionMessage[];
  binary: Buffer[];
  send(message: ServerSessionMessage | Record<string, unknown>): void;
  sendRaw(data: string | Buffer): void;
  nextMessage(type: ClientSessionMessage['type']): Promise<ClientSessionMessage>;
}

const servers: WebSocketServer[] = [];

const textOf = (entry: TranscriptEntry | undefined) => (entry && 'text' in entry ? entry.text : undefined);
const sessions: AgentSession[] = [];

afterEach(async () => {
  for (const session of sessions.splice(0)) session.end();
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          for (const client of server.clients) client.terminate();
          server.close(() => {
            resolve();
          });
        }),
    ),
  );
  vi.restoreAllMocks();
});

async function startFakeServer(): Promise<{
  baseUrl: string;
  connections: FakeConnection[];
  next(): Promise<FakeConnection>;
}> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const connections: FakeConnection[] = [];
  const waiting: ((connection: FakeConnection) => void)[] = [];
  server.on('connection', (socket, request) => {
    const received: ClientSessionMessage[] = [];
    const waiters: { type: string; resolve: (message: ClientSessionMessage) => void }[] = [];
    const connection: FakeConnection = {
      url: new URL(request.url ?? '/', 'http://127.0.0.1'),
      socket,
      received,
      binary: [],
      send: (message) => {
        socket.send(JSON.stringify(message));
      },
      sendRaw: (data) => {
        socket.send(data);
      },
      nextMessage: (type) => {
        const seen = received.find((message) => message.type === type);
        if (seen) return Promise.resolve(seen);
        return new Promise((resolve) => waiters.push({ type, resolve }));
      },
    };
    socket.on('message', (data, isBinary) => {
      const buffer = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) {
        connection.binary.push(buffer);
        return;
      }
      const message = JSON.parse(buffer.toString('utf8')) as ClientSessionMessage;
      received.push(message);
      for (const waiter of waiters.splice(0)) {
        if (waiter.type === message.type) waiter.resolve(message);
        else waiters.push(waiter);
      }
    });
    connections.push(connection);
    waiting.shift()?.(connection);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    connections,
    // Ask before connecting: it resolves with the next connection to arrive.
    next: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

function openSession(
  baseUrl: string,
  overrides: Partial<ConstructorParameters<typeof AgentSession>[0]> = {},
) {
  const session = new AgentSession({
    start: { agentAccountId: 7, mode: 'chat', config: 'staging' },
    token: 'session-token',
    baseUrl,
    createSocket: (url) => new WsClient(url) as unknown as WebSocket,
    now: () => 1_000,
    ...overrides,
  });
  sessions.push(session);
  session.connect();
  return session;
}

function waitForSnapshot(
  session: AgentSession,
  predicate: (snapshot: SessionSnapshot) => boolean,
): Promise<SessionSnapshot> {
  return new Promise((resolve, reject) => {
    if (predicate(session.getSnapshot())) {
      resolve(session.getSnapshot());
      return;
    }
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out; snapshot: ${JSON.stringify(session.getSnapshot())}`));
    }, 3_000);
    const stop = session.subscribe(() => {
      if (!predicate(session.getSnapshot())) return;
      clearTimeout(timer);
      stop();
      resolve(session.getSnapshot());
    });
  });
}

const ready: ServerSessionMessage = {
  type: 'ready',
  sessionId: 's1',
  roomId: 'room-9',
  conversationUuid: 'c-uuid',
  agentName: 'Acme Front Desk',
  model: { name: 'sandbox', label: 'Sandbox model', sandbox: true },
  voice: { available: false, reason: 'No speech recognition is configured.' },
  inputSampleRate: 16_000,
  outputSampleRate: 24_000,
};

async function readySession(mode: 'chat' | 'voice' = 'chat') {
  const server = await startFakeServer();
  const connecting = server.next();
  const session = openSession(server.baseUrl, { start: { agentAccountId: 7, mode, config: 'staging' } });
  const connection = await connecting;
  await connection.nextMessage('start');
  connection.send(ready);
  await waitForSnapshot(session, (snapshot) => snapshot.phase === 'ready');
  return { server, session, connection };
}

describe('agentSessionUrl', () => {
  it('turns the page origin into the WebSocket address with the token', () => {
    expect(agentSessionUrl('https://app.example.com', 'abc', null)).toBe(
      'wss://app.example.com/api/agent/session?token=abc',
    );
    expect(agentSessionUrl('http://localhost:3000', 'a b', 'admin')).toBe(
      'ws://localhost:3000/api/agent/session?token=a+b&adminToken=admin',
    );
  });
});

describe('AgentSession', () => {
  it('connects with the session token, starts the conversation and exposes what ready says', async () => {
    const { session, connection } = await readySession();
    expect(connection.url.pathname).toBe('/api/agent/session');
    expect(connection.url.searchParams.get('token')).toBe('session-token');
    expect(connection.received[0]).toEqual({
      type: 'start',
      agentAccountId: 7,
      mode: 'chat',
      config: 'staging',
    });
    const snapshot = session.getSnapshot();
    expect(snapshot.info?.model).toEqual({ name: 'sandbox', label: 'Sandbox model', sandbox: true });
    expect(snapshot.info?.voice).toEqual({
      available: false,
      reason: 'No speech recognition is configured.',
    });
    expect(snapshot.startedAt).toBe(1_000);
  });

  it('follows the conversation state the server reports', async () => {
    const { session, connection } = await readySession();
    for (const state of ['greeting', 'listening', 'thinking', 'speaking'] as const) {
      connection.send({ type: 'state', state });
      await waitForSnapshot(session, (snapshot) => snapshot.phase === state);
    }
  });

  it('merges streaming deltas into one agent turn and shows tool outcomes inline', async () => {
    const { session, connection } = await readySession();
    connection.send({ type: 'agent-delta', turnId: 't1', delta: 'Hello, ' });
    connection.send({ type: 'agent-delta', turnId: 't1', delta: 'how can I' });
    const streaming = await waitForSnapshot(session, (s) => textOf(s.transcript[0]) === 'Hello, how can I');
    expect(streaming.transcript).toEqual([
      { kind: 'agent', id: 't1', text: 'Hello, how can I', streaming: true },
    ]);
    connection.send({ type: 'agent-text', turnId: 't1', text: 'Hello, how can I help?' });
    connection.send({
      type: 'tool',
      name: 'bookAppointment',
      arguments: { start: '2026-03-03T15:00' },
      ok: true,
      summary: 'Booked Tue 3 Mar 15:00',
    });
    connection.send({ type: 'agent-delta', turnId: 't2', delta: 'You are booked.' });
    const done = await waitForSnapshot(session, (s) => s.transcript.length === 3);
    expect(done.transcript).toMatchObject([
      { kind: 'agent', id: 't1', text: 'Hello, how can I help?', streaming: false },
      { kind: 'tool', name: 'bookAppointment', ok: true, summary: 'Booked Tue 3 Mar 15:00' },
      { kind: 'agent', id: 't2', text: 'You are booked.', streaming: true },
    ]);
  });

  it('sends typed text and keeps one line when the server echoes it', async () => {
    const { session, connection } = await readySession();
    expect(session.sendText('  What are your opening hours?  ')).toBe(true);
    expect(await connection.nextMessage('text')).toEqual({
      type: 'text',
      text: 'What are your opening hours?',
    });
    connection.send({ type: 'user-text', text: 'What are your opening hours?', final: true });
    connection.send({ type: 'agent-text', turnId: 't1', text: 'We open at nine.' });
    const snapshot = await waitForSnapshot(session, (s) => s.transcript.length === 2);
    expect(snapshot.transcript).toMatchObject([
      { kind: 'user', via: 'text', text: 'What are your opening hours?', final: true },
      { kind: 'agent', text: 'We open at nine.' },
    ]);
    expect(session.sendText('   ')).toBe(false);
  });

  it('refines interim speech in place until the utterance is final', async () => {
    const { session, connection } = await readySession('voice');
    connection.send({ type: 'user-text', text: 'what are', final: false });
    await waitForSnapshot(session, (s) => textOf(s.transcript[0]) === 'what are');
    connection.send({ type: 'user-text', text: 'what are your opening hours', final: true });
    connection.send({ type: 'user-text', text: 'and', final: false });
    const snapshot = await waitForSnapshot(session, (s) => s.transcript.length === 2);
    expect(snapshot.transcript).toMatchObject([
      { kind: 'user', via: 'voice', text: 'what are your opening hours', final: true },
      { kind: 'user', via: 'voice', text: 'and', final: false },
    ]);
  });

  it('sends microphone frames as binary in voice mode only, and switches mode', async () => {
    const { session, connection } = await readySession('voice');
    const frame = new Int16Array([1, -2, 32767, -32768]);
    session.sendAudio(frame.buffer);
    session.setMode('chat');
    expect(await connection.nextMessage('mode')).toEqual({ type: 'mode', mode: 'chat' });
    session.sendAudio(new Int16Array([5]).buffer);
    session.sendText('ping');
    await connection.nextMessage('text');
    expect(connection.binary).toHaveLength(1);
    expect(new Int16Array(new Uint8Array(connection.binary[0] ?? []).buffer)).toEqual(frame);
  });

  it('does not ask the server for voice where ready said it is unavailable', async () => {
    const { session, connection } = await readySession('chat');
    session.setMode('voice');
    expect(session.getSnapshot().mode).toBe('voice');
    session.setMode('chat');
    expect(await connection.nextMessage('mode')).toEqual({ type: 'mode', mode: 'chat' });
    expect(connection.received.filter((message) => message.type === 'mode')).toEqual([
      { type: 'mode', mode: 'chat' },
    ]);
  });

  it('hands the agent speech to the player and stops it on barge-in', async () => {
    const { session, connection } = await readySession('voice');
    const events: string[] = [];
    const audio: SessionAudioEvents = {
      audioStart: (turnId) => events.push(`start ${turnId}`),
      audioChunk: (turnId, pcm) => events.push(`chunk ${turnId} ${new Int16Array(pcm).join(',')}`),
      audioEnd: (turnId) => events.push(`end ${turnId}`),
      stop: () => events.push('stop'),
    };
    session.attachAudio(audio);
    connection.send({ type: 'audio-start', turnId: 't1' });
    connection.sendRaw(Buffer.from(new Int16Array([100, -100]).buffer));
    connection.send({ type: 'audio-end', turnId: 't1' });
    connection.send({ type: 'audio-start', turnId: 't2' });
    connection.sendRaw(Buffer.from(new Int16Array([7]).buffer));
    connection.send({ type: 'agent-delta', turnId: 't2', delta: 'We are open' });
    connection.send({ type: 'barge-in' });
    // A late frame and the end of the cut turn after the barge-in belong to no turn and are dropped.
    connection.sendRaw(Buffer.from(new Int16Array([9]).buffer));
    connection.send({ type: 'audio-end', turnId: 't2' });
    connection.send({ type: 'state', state: 'listening' });
    const snapshot = await waitForSnapshot(session, (s) => s.phase === 'listening');
    expect(events).toEqual(['start t1', 'chunk t1 100,-100', 'end t1', 'start t2', 'chunk t2 7', 'stop']);
    expect(snapshot.transcript).toMatchObject([{ kind: 'agent', text: 'We are open', streaming: false }]);
    session.markPlayed('t1');
    expect(await connection.nextMessage('played')).toEqual({ type: 'played', turnId: 't1' });
  });

  it('ignores frames outside the protocol', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { session, connection } = await readySession();
    connection.sendRaw('not json');
    connection.send({ type: 'agent-delta', turnId: 't1' });
    connection.send({ type: 'shutdown-everything' });
    connection.send({ type: 'agent-text', turnId: 't1', text: 'Still here.' });
    const snapshot = await waitForSnapshot(session, (s) => s.transcript.length === 1);
    expect(snapshot.transcript).toMatchObject([{ kind: 'agent', text: 'Still here.' }]);
    expect(snapshot.phase).toBe('ready');
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('shows a server error and keeps the conversation going', async () => {
    const { session, connection } = await readySession();
    connection.send({ type: 'error', message: 'The model did not answer in time.' });
    await waitForSnapshot(session, (s) => s.error === 'The model did not answer in time.');
    connection.send({ type: 'agent-text', turnId: 't1', text: 'Sorry about that.' });
    const snapshot = await waitForSnapshot(session, (s) => s.transcript.length === 1);
    expect(snapshot.error).toBeNull();
    expect(snapshot.ended).toBeNull();
  });

  it('ends the call with a clear message when the socket drops, without reconnecting', async () => {
    const { server, session, connection } = await readySession('voice');
    const stop = vi.fn();
    session.attachAudio({ audioStart: vi.fn(), audioChunk: vi.fn(), audioEnd: vi.fn(), stop });
    connection.socket.terminate();
    const snapshot = await waitForSnapshot(session, (s) => s.phase === 'ended');
    expect(snapshot.ended).toEqual({ reason: 'dropped', transfer: null });
    expect(describeEnd('dropped', null)).toBe(
      'The connection to the agent was lost, so the conversation has ended.',
    );
    expect(snapshot.transcript.some((entry) => entry.kind === 'notice')).toBe(false);
    expect(stop).toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.connections).toHaveLength(1);
    expect(session.sendText('hello?')).toBe(false);
  });

  it('says when the server ends the call, naming a transfer destination', async () => {
    const { session, connection } = await readySession();
    connection.send({ type: 'agent-text', turnId: 't1', text: 'Let me put you through.' });
    connection.send({ type: 'ended', reason: 'transfer', transfer: '+15550100002' });
    const snapshot = await waitForSnapshot(session, (s) => s.phase === 'ended');
    expect(snapshot.ended).toEqual({ reason: 'transfer', transfer: '+15550100002' });
    expect(snapshot.transcript.at(-1)).toMatchObject({
      kind: 'notice',
      text: 'The conversation was transferred to +15550100002.',
    });
  });

  it('hangs up: sends end and closes the socket', async () => {
    const { session, connection } = await readySession();
    const closed = new Promise((resolve) => connection.socket.once('close', resolve));
    session.end();
    expect(await connection.nextMessage('end')).toEqual({ type: 'end' });
    await closed;
    expect(session.getSnapshot().ended).toEqual({ reason: 'caller', transfer: null });
  });

  it('does not open a socket without a session token', () => {
    const createSocket = vi.fn();
    const session = openSession('http://127.0.0.1:9', { token: null, createSocket });
    expect(createSocket).not.toHaveBeenCalled();
    expect(session.getSnapshot()).toMatchObject({
      phase: 'ended',
      error: 'You need to be signed in to talk to an agent.',
      ended: { reason: 'unreachable' },
    });
  });

  it('reports an unreachable server', async () => {
    const server = await startFakeServer();
    const closed = server.baseUrl;
    await new Promise<void>((resolve) =>
      servers.pop()?.close(() => {
        resolve();
      }),
    );
    const session = openSession(closed);
    const snapshot = await waitForSnapshot(session, (s) => s.phase === 'ended');
    expect(snapshot.ended?.reason).toBe('unreachable');
    expect(describeEnd('unreachable', null)).toBe('Could not reach the agent.');
  });
});

import type { ServerSessionMessage } from '@switchboard/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentSession, type SessionStart } from '../session/agent-session';

/** A socket the test drives by hand: what the page sent, and server frames delivered on demand. */
class HandSocket {
  readyState = 0;
  binaryType = 'blob';
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  deliver(message: ServerSessionMessage) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

const sockets: HandSocket[] = [];
const disposed = vi.fn();

vi.mock('../session/conversation', () => ({
  openConversation: (start: SessionStart) => {
    const socket = new HandSocket();
    sockets.push(socket);
    const session = new AgentSession({
      start,
      token: 'token',
      baseUrl: 'http://127.0.0.1',
      createSocket: () => socket as unknown as WebSocket,
    });
    session.connect();
    return { session, voice: { dispose: disposed } };
  },
  closeConversation: (conversation: { session: AgentSession; voice: { dispose(): void } }) => {
    conversation.session.end();
    conversation.voice.dispose();
  },
}));

const { endCall, startCall, toggleCallType, liveCallSnapshot } = await import('./live-call');

const ready: ServerSessionMessage = {
  type: 'ready',
  sessionId: 's',
  roomId: '12:34',
  conversationUuid: 'u',
  agentName: 'Acme Front Desk',
  model: { name: 'sandbox', label: 'Sandbox', sandbox: true },
  voice: { available: true, reason: null },
  inputSampleRate: 16_000,
  outputSampleRate: 16_000,
};

beforeEach(() => {
  endCall();
  sockets.length = 0;
  disposed.mockClear();
});

describe('the browser call', () => {
  it('starts a live voice call on the production config', () => {
    startCall({ agentAccountId: 8, username: 'agent1' });
    expect(liveCallSnapshot().state).toEqual({
      calling: {
        username: 'agent1',
        type: 'voice',
        isLive: true,
        viewerOnly: false,
        meetingId: null,
        campaignId: 8,
      },
      kick: false,
    });
    sockets[0]?.open();
    expect(JSON.parse(sockets[0]?.sent[0] ?? '{}')).toEqual({
      type: 'start',
      agentAccountId: 8,
      mode: 'voice',
      config: 'production',
    });
  });

  it('moves the destination to the meeting once the conversation has a room', () => {
    startCall({ agentAccountId: 8, username: 'agent1' });
    sockets[0]?.open();
    sockets[0]?.deliver(ready);
    expect(liveCallSnapshot().state.calling).toMatchObject({ username: 'meeting-12:34', meetingId: '12:34' });
  });

  it('toggles the call type and tells the server', () => {
    startCall({ agentAccountId: 8, username: 'agent1' });
    sockets[0]?.open();
    sockets[0]?.deliver(ready);
    toggleCallType('chat');
    expect(liveCallSnapshot().state.calling?.type).toBe('chat');
    expect(sockets[0]?.sent.map((frame) => JSON.parse(frame) as unknown)).toContainEqual({
      type: 'mode',
      mode: 'chat',
    });
  });

  it('raises the kick flag when the other side ends the call, and keeps the call on screen', () => {
    startCall({ agentAccountId: 8, username: 'agent1' });
    sockets[0]?.open();
    sockets[0]?.deliver(ready);
    sockets[0]?.deliver({ type: 'ended', reason: 'agent', transfer: null });
    expect(liveCallSnapshot().state.kick).toBe(true);
    expect(liveCallSnapshot().state.calling).not.toBeNull();
    endCall();
    expect(liveCallSnapshot().state).toEqual({ calling: null, kick: false });
  });

  it('hanging up clears the call without a kick and releases the audio', () => {
    startCall({ agentAccountId: 8, username: 'agent1' });
    sockets[0]?.open();
    sockets[0]?.deliver(ready);
    endCall();
    expect(liveCallSnapshot()).toEqual({ state: { calling: null, kick: false }, conversation: null });
    expect(sockets[0]?.sent.map((frame) => JSON.parse(frame) as unknown)).toContainEqual({ type: 'end' });
    expect(disposed).toHaveBeenCalledTimes(1);
  });

  it('a new call replaces the previous one', () => {
    startCall({ agentAccountId: 8, username: 'agent1' });
    startCall({ agentAccountId: 9, username: 'agent2' });
    expect(disposed).toHaveBeenCalledTimes(1);
    expect(liveCallSnapshot().state.calling?.campaignId).toBe(9);
  });
});

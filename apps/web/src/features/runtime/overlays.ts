import type { OverlayDefinition } from '../../app/overlays/overlay-types';

const area = 'runtime';
const calls = () => import('./overlays/call-overlays');

/** Conversations with agents from the browser: the editor's test, the chat widget and browser voice calls. */
export const overlays: OverlayDefinition[] = [
  {
    flag: 'testAgent',
    title: 'Test your agent',
    area,
    size: 'lg',
    load: async () => ({ default: (await import('./overlays/test-agent-overlay')).TestAgentOverlay }),
  },
  {
    flag: 'chat',
    title: 'Chat',
    area,
    size: 'md',
    load: async () => ({ default: (await import('./overlays/agent-chat-overlay')).AgentChatOverlay }),
  },
  {
    flag: 'call',
    title: 'Call the agent',
    area,
    kind: 'modal',
    load: async () => ({ default: (await calls()).CallOverlay }),
  },
  {
    flag: 'calling',
    title: 'Call in progress',
    area,
    kind: 'modal',
    size: 'lg',
    load: async () => ({ default: (await calls()).CallingOverlay }),
  },
];

import type { AgentConfig } from '@switchboard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AgentAppFunction } from '../../features/apps/apps.service';
import type { SendOptions } from '../../features/apps/app-request';
import type { CalendarProvider } from '../../providers/calendar/types';
import type { MaybeReceipt, SmsProvider } from '../../providers/sms/types';
import type { TransferRing } from '../ports/transfer-ring';
import type { AgentDocument, KnowledgeSearch } from '../ports/knowledge-search';

/** What a function call did: `message` is the sentence the model relays; the rest is data for it and the log. */
export interface ToolOutcome {
  ok: boolean;
  message: string;
  data?: Record<string, unknown>;
  /** transfer_call under confirmTransfers: ask the caller, then call again with confirmed true. */
  needsConfirmation?: boolean;
  /** book_appointment refusals: which part the caller should choose again. */
  retry?: 'date' | 'time' | 'datetime';
}

/** The conversation facts tools read and change; the conversation owns one per call or thread. */
export interface ToolState {
  collectedData: Record<string, unknown>;
  appointmentBooked: boolean;
  /** The destination the call was transferred to. */
  transfer: string | null;
  /** Set by end_conversation or a transfer: the conversation ends once the agent has said its last words. */
  endRequested: { reason: 'agent' | 'transfer' } | null;
  /** A transfer waiting for the caller's yes, and the user turn it was asked in. */
  pendingTransfer: { destination: string; askedAtTurn: number } | null;
  userTurns: number;
  messageTaken: boolean;
}

export function newToolState(): ToolState {
  return {
    collectedData: {},
    appointmentBooked: false,
    transfer: null,
    endRequested: null,
    pendingTransfer: null,
    userTurns: 0,
    messageTaken: false,
  };
}

export interface ToolEnvironment {
  config: AgentConfig;
  agent: { accountId: number; organizationId: number | null; name: string; phoneNumber: string | null };
  conversation: {
    uuid: string;
    roomId: string;
    contactAddress: string;
    contactPhone: string | null;
    channel: 'voice' | 'chat' | 'sms';
    isTest: boolean;
  };
  /** What the agent knows (its prompt, knowledge bases, links), searched by query_knowledge_base. */
  documents: readonly AgentDocument[];
  knowledge: KnowledgeSearch;
  calendar: CalendarProvider;
  sms: SmsProvider;
  /** Stores an outgoing text in the conversation's room (the inbox shows it). */
  /** Stores a text the agent sent as its message, with the carrier's receipt for delivery tracking. */
  recordOutgoingSms: (to: string, text: string, receipt: MaybeReceipt) => Promise<void>;
  /** Moves the room to the priority inbox (a message or transfer request needs a person). */
  flagForPerson: (why: string) => Promise<void>;
  now: () => Date;
  logger: FastifyBaseLogger;
  /** The app functions the agent's config enables, resolved against the organization's installs. */
  apps?: readonly AgentAppFunction[];
  /** How app requests leave the server. */
  appRequests?: Pick<SendOptions, 'allowPrivateNetwork' | 'timeoutMs'>;
  /** Rings a transfer's destination while the caller holds, on lines that can (CallControl.ringTransfer). */
  ringTransfer?: (destination: string) => Promise<TransferRing>;
}

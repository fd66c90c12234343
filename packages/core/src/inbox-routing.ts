import { isPersonName, isSpamCallerName } from './caller-name';

export type InboxName = 'priority' | 'agent';

/** What is known about a room when deciding which inbox it belongs in. */
export interface RoomRoutingFacts {
  /** Where the room is now: automatic routing never takes a room away from a person, except for a block or spam. */
  currentInbox: InboxName;
  /** The inbox a person moved the room to by hand, if they did; it sticks. */
  pinnedInbox: InboxName | null;
  blocked: boolean;
  /** Flagged as spam by the caller-name lookup or the agent. */
  spam: boolean;
  /** A contact of the account (or its organization) has the room's phone number or address. */
  knownContact: boolean;
  /** The caller's name as the lookup or the visitor gave it. */
  callerName: string | null;
  /** The agent asked for a person: a transfer or a message request. */
  attention: 'transfer' | 'messageRequest' | null;
  /** A person rated the conversation. */
  rated: boolean;
  /** A person took the room over (the agent is off in it). */
  aiAgentEnabled: boolean;
}

export type RoutingReason =
  | 'pinned'
  | 'blocked'
  | 'knownContact'
  | 'spam'
  | 'transfer'
  | 'messageRequest'
  | 'rated'
  | 'takenOver'
  | 'personName'
  | 'agentHandled';

/**
 * Which inbox a room belongs in (docs/inbox-routing.md): a person's own choice first; blocked callers to the agent
 * inbox; then what a person should look at (a known contact, a request for a person, a rating, a room a person
 * took over, a caller named like a person) to priority, unless the caller is spam; everything else the agent
 * handled alone stays where it is: the agent (junk) inbox for a new room, priority once a person was needed.
 */
export function routeRoom(facts: RoomRoutingFacts): { inbox: InboxName; reason: RoutingReason } {
  if (facts.pinnedInbox) return { inbox: facts.pinnedInbox, reason: 'pinned' };
  if (facts.blocked) return { inbox: 'agent', reason: 'blocked' };
  if (facts.knownContact) return { inbox: 'priority', reason: 'knownContact' };
  if (facts.spam || isSpamCallerName(facts.callerName)) return { inbox: 'agent', reason: 'spam' };
  if (facts.attention) return { inbox: 'priority', reason: facts.attention };
  if (facts.rated) return { inbox: 'priority', reason: 'rated' };
  if (!facts.aiAgentEnabled) return { inbox: 'priority', reason: 'takenOver' };
  if (isPersonName(facts.callerName)) return { inbox: 'priority', reason: 'personName' };
  return { inbox: facts.currentInbox, reason: 'agentHandled' };
}

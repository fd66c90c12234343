import { describe, expect, it } from 'vitest';
import { routeRoom, type RoomRoutingFacts } from './inbox-routing';

const unknownCaller: RoomRoutingFacts = {
  currentInbox: 'agent',
  pinnedInbox: null,
  blocked: false,
  spam: false,
  knownContact: false,
  callerName: null,
  attention: null,
  rated: false,
  aiAgentEnabled: true,
};

describe('routeRoom', () => {
  it('leaves what the agent handled alone in the agent inbox', () => {
    expect(routeRoom(unknownCaller)).toEqual({ inbox: 'agent', reason: 'agentHandled' });
    expect(routeRoom({ ...unknownCaller, callerName: 'WIRELESS CALLER' }).inbox).toBe('agent');
    expect(routeRoom({ ...unknownCaller, callerName: 'DALLAS, TX' }).inbox).toBe('agent');
  });

  it('sends what a person should see to priority', () => {
    expect(routeRoom({ ...unknownCaller, knownContact: true })).toEqual({
      inbox: 'priority',
      reason: 'knownContact',
    });
    expect(routeRoom({ ...unknownCaller, callerName: 'Jane Doe' }).reason).toBe('personName');
    expect(routeRoom({ ...unknownCaller, attention: 'transfer' }).reason).toBe('transfer');
    expect(routeRoom({ ...unknownCaller, attention: 'messageRequest' }).reason).toBe('messageRequest');
    expect(routeRoom({ ...unknownCaller, rated: true }).reason).toBe('rated');
    expect(routeRoom({ ...unknownCaller, aiAgentEnabled: false }).reason).toBe('takenOver');
  });

  it('keeps spam in the agent inbox even when it asks for a person', () => {
    expect(routeRoom({ ...unknownCaller, spam: true, attention: 'transfer' })).toEqual({
      inbox: 'agent',
      reason: 'spam',
    });
    expect(routeRoom({ ...unknownCaller, callerName: 'SPAM RISK', rated: true }).reason).toBe('spam');
  });

  it('trusts a saved contact over a spam label, but not over a block', () => {
    expect(routeRoom({ ...unknownCaller, knownContact: true, spam: true }).inbox).toBe('priority');
    expect(routeRoom({ ...unknownCaller, knownContact: true, blocked: true })).toEqual({
      inbox: 'agent',
      reason: 'blocked',
    });
  });

  it('never takes a room away from a person without a block or spam', () => {
    const inPriority = { ...unknownCaller, currentInbox: 'priority' as const };
    expect(routeRoom(inPriority)).toEqual({ inbox: 'priority', reason: 'agentHandled' });
    expect(routeRoom({ ...inPriority, spam: true }).inbox).toBe('agent');
    expect(routeRoom({ ...inPriority, blocked: true }).inbox).toBe('agent');
  });

  it("keeps a person's own choice over every rule", () => {
    expect(routeRoom({ ...unknownCaller, pinnedInbox: 'priority', spam: true })).toEqual({
      inbox: 'priority',
      reason: 'pinned',
    });
    expect(routeRoom({ ...unknownCaller, pinnedInbox: 'agent', knownContact: true }).inbox).toBe('agent');
  });
});

import { describe, expect, it } from 'vitest';
import { initialCallState, reduceCallState, type CallState, type Calling } from './call-state';

const calling: Calling = {
  username: 'agent1',
  type: 'voice',
  isLive: true,
  viewerOnly: false,
  meetingId: null,
  campaignId: 42,
};

const live: CallState = reduceCallState(initialCallState, { type: 'start', calling });

describe('reduceCallState', () => {
  it('starts with no call and no kick', () => {
    expect(initialCallState).toEqual({ calling: null, kick: false });
  });

  it('start sets calling to the call given', () => {
    expect(live).toEqual({ calling, kick: false });
    expect(live.calling).not.toBe(calling);
  });

  it('start clears the kick of a previous call', () => {
    const kicked = reduceCallState(live, { type: 'watch-kick', kick: true });
    expect(reduceCallState(kicked, { type: 'start', calling }).kick).toBe(false);
  });

  it('toggle sets the call type and keeps the rest', () => {
    const chat = reduceCallState(live, { type: 'toggle', callType: 'chat' });
    expect(chat.calling).toEqual({ ...calling, type: 'chat' });
    expect(reduceCallState(chat, { type: 'toggle', callType: 'voice' }).calling?.type).toBe('voice');
  });

  it('toggle to the same type, or without a call, changes nothing', () => {
    expect(reduceCallState(live, { type: 'toggle', callType: 'voice' })).toBe(live);
    expect(reduceCallState(initialCallState, { type: 'toggle', callType: 'chat' })).toBe(initialCallState);
  });

  it('end clears calling and keeps the kick flag for the call screen', () => {
    const kicked = reduceCallState(live, { type: 'watch-kick', kick: true });
    expect(reduceCallState(live, { type: 'end' })).toEqual({ calling: null, kick: false });
    expect(reduceCallState(kicked, { type: 'end' })).toEqual({ calling: null, kick: true });
  });

  it('watch-kick sets and resets the kick flag', () => {
    const kicked = reduceCallState(live, { type: 'watch-kick', kick: true });
    expect(kicked).toEqual({ calling, kick: true });
    expect(reduceCallState(kicked, { type: 'watch-kick', kick: false })).toEqual({ calling, kick: false });
    expect(reduceCallState(kicked, { type: 'watch-kick', kick: true })).toBe(kicked);
  });

  it('update-destination sets the username to meeting-{id} and records the meeting', () => {
    const moved = reduceCallState(live, { type: 'update-destination', meetingId: 'r_81' });
    expect(moved.calling).toEqual({ ...calling, username: 'meeting-r_81', meetingId: 'r_81' });
  });

  it('update-destination without a call changes nothing', () => {
    expect(reduceCallState(initialCallState, { type: 'update-destination', meetingId: '7' })).toBe(
      initialCallState,
    );
  });
});

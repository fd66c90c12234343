import { describe, expect, it } from 'vitest';
import type { RoomView } from '@switchboard/contract';
import { cachedRooms, maxCachedRooms, rememberRooms } from './room-cache';

const room = (n: number): RoomView => ({ roomId: `1:${n}`, lastMessageTimestamp: n }) as unknown as RoomView;

describe('room cache', () => {
  it('keeps at most 100 rooms per account and tab, newest first', () => {
    for (let page = 0; page < 7; page++) {
      rememberRooms(
        1,
        'priority',
        Array.from({ length: 20 }, (_, i) => room(page * 20 + i)),
      );
    }
    const rooms = cachedRooms(1, 'priority') ?? [];
    expect(rooms).toHaveLength(maxCachedRooms);
    expect(rooms[0]?.roomId).toBe('1:139');
    expect(cachedRooms(1, 'agent')).toBeUndefined();
    expect(cachedRooms(2, 'priority')).toBeUndefined();
  });

  it('replaces a room seen again with its newer state', () => {
    rememberRooms(3, 'agent', [room(1)]);
    rememberRooms(3, 'agent', [{ ...room(1), lastMessageTimestamp: 50 }]);
    expect(cachedRooms(3, 'agent')).toEqual([{ roomId: '1:1', lastMessageTimestamp: 50 }]);
  });
});

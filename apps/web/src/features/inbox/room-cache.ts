import type { RoomView } from '@switchboard/contract';

/** Spec part 1 §9: at most 100 conversations are kept per account and tab. */
export const maxCachedRooms = 100;

const cache = new Map<string, RoomView[]>();

const keyOf = (accountId: number, tab: string) => `${accountId}:${tab}`;

/** The rooms last seen for an account and tab (newest first), shown while a fresh page loads. */
export function cachedRooms(accountId: number, tab: string): RoomView[] | undefined {
  return cache.get(keyOf(accountId, tab));
}

/** Remembers a page of rooms, merged with what is cached, newest first and capped at 100. */
export function rememberRooms(accountId: number, tab: string, rooms: readonly RoomView[]): void {
  const byId = new Map((cache.get(keyOf(accountId, tab)) ?? []).map((room) => [room.roomId, room]));
  for (const room of rooms) byId.set(room.roomId, room);
  const merged = [...byId.values()]
    .sort((a, b) => (b.lastMessageTimestamp ?? 0) - (a.lastMessageTimestamp ?? 0))
    .slice(0, maxCachedRooms);
  cache.set(keyOf(accountId, tab), merged);
}

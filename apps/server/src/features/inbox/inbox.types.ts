import type { Message, Room, RoutedRoom } from './inbox.repo';

export type { Message, Room, RoutedRoom };
export type Channel = Message['channel'];
export type RoomInbox = Room['inbox'];
export type OpenedRoom = Room & { conversationUuid: string };

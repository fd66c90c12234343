import type { Message, Room } from './inbox.repo';

export type { Message, Room };
export type Channel = Message['channel'];
export type RoomInbox = Room['inbox'];
export type OpenedRoom = Room & { conversationUuid: string };

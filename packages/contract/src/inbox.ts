import { inboxActivityEndpoints } from './inbox-activity';
import { inboxMediaEndpoints } from './inbox-media';
import { roomActionEndpoints } from './inbox-room-actions';
import { sandboxSmsEndpoints } from './inbox-sandbox';
import { inboxThreadEndpoints } from './inbox-threads';

export {
  channelSchema,
  conversationSummarySchema,
  inboxNameSchema,
  mediaItemSchema,
  messageSchema,
  roomDetailResponse,
  roomIdField,
  roomListResponse,
  roomSchema,
  type MessageView,
  type RoomView,
} from './inbox-schemas';
export type { NotificationView } from './inbox-activity';

/** The inbox's endpoints, collected from its sub-areas in the order the API reference lists them. */
export const inboxEndpoints = {
  ...inboxThreadEndpoints,
  ...roomActionEndpoints,
  ...inboxMediaEndpoints,
  ...inboxActivityEndpoints,
  ...sandboxSmsEndpoints,
};

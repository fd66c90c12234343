import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { okBody } from './fields';

/** Files sent in conversations, and the public face of an agent a visitor would text. */
export const inboxMediaEndpoints = {
  uploadChatMedia: defineEndpoint({
    area: 'inbox',
    method: 'POST',
    path: '/api/v1/chat/media',
    summary: 'Upload a file to send in a conversation',
    description:
      'multipart/form-data with one file in the field "file" (or "media"): an image (PNG, JPEG, WebP, GIF), a PDF, ' +
      'or audio (MP3, WAV, OGG), at most 10 MB, recognized by content. Answers the URL to pass as an attachment.',
    guard: 'session',
    successStatus: 201,
    response: okBody({ url: z.string(), contentType: z.string(), size: z.number().int() }),
  }),
  getChatMedia: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/chat/media/:name',
    summary: 'A file uploaded through POST /api/v1/chat/media',
    guard: 'public',
    params: z.object({ name: z.string().min(1).max(200) }),
    produces: 'file',
    response: z.unknown(),
  }),
  messagePreview: defineEndpoint({
    area: 'inbox',
    method: 'GET',
    path: '/api/v1/messages/:username',
    summary: "Public preview of who a visitor would be texting: the agent's name, picture and number",
    guard: 'public',
    params: z.object({ username: z.string().trim().min(1).max(64) }),
    response: okBody({
      preview: z.object({
        username: z.string(),
        displayName: z.string(),
        profileImage: z.string().nullable(),
        phoneNumber: z.string().nullable(),
        acceptsMessages: z.boolean(),
      }),
    }),
  }),
};

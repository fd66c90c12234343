import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import { openUpload, readUpload, storeUpload, type UploadRule } from '../../http/uploads';
import type { StorageProvider, StoredObjectContent } from '../../providers/storage/types';

export const maxMediaBytes = 10 * 1024 * 1024;
export const chatMediaUrlPrefix = '/api/v1/chat/media/';

const mediaName = /^[A-Za-z0-9-]+\.(png|jpg|webp|gif|pdf|mp3|wav|ogg)$/;

const mediaRule: UploadRule = {
  maxBytes: maxMediaBytes,
  fileFields: ['file', 'media'],
  noun: 'file',
  hint: 'send one image, PDF or audio file in a form field named "file" or "media"',
  emptyMessage: 'The file is empty',
  accepts: ['png', 'jpg', 'gif', 'webp', 'wav', 'pdf', 'ogg', 'mp3'],
  refuseType: () =>
    new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not an image (PNG, JPEG, WebP, GIF), a PDF or audio (MP3, WAV, OGG)',
    ),
};

/** Reads the one file of a multipart upload, checks its type by content, and stores it. */
export async function saveChatMedia(storage: StorageProvider, request: FastifyRequest) {
  const upload = await readUpload(request, mediaRule);
  const key = await storeUpload(storage, 'media', upload);
  return {
    success: true as const,
    url: `${chatMediaUrlPrefix}${key.slice('media/'.length)}`,
    contentType: upload.type.contentType,
    size: upload.data.length,
  };
}

/** True when a URL names a file uploaded here (the only attachments a person's reply may carry). */
export function isChatMediaUrl(url: string): boolean {
  const name = url.startsWith(chatMediaUrlPrefix) ? url.slice(chatMediaUrlPrefix.length) : '';
  return mediaName.test(name);
}

export async function openChatMedia(storage: StorageProvider, name: string): Promise<StoredObjectContent> {
  const object = await openUpload(storage, 'media', name, mediaName);
  if (!object) throw new AppError('NOT_FOUND', 'No media file matches params.name');
  return object;
}

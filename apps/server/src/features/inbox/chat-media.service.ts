import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import { newStorageKey } from '../../providers/storage/storage-key';
import type { StorageProvider, StoredObjectContent } from '../../providers/storage/types';

export const maxMediaBytes = 10 * 1024 * 1024;
export const chatMediaUrlPrefix = '/api/v1/chat/media/';

interface MediaType {
  contentType: string;
  extension: string;
}

const fileFields = ['file', 'media'];
const fieldHint = 'send one image, PDF or audio file in a form field named "file" or "media"';
const mediaName = /^[A-Za-z0-9-]+\.(png|jpg|webp|gif|pdf|mp3|wav|ogg)$/;

const startsWith = (data: Uint8Array, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => Array.from(Buffer.from(text, 'latin1'));

/** The media type a file's first bytes announce, whatever its name or declared type. */
export function sniffMediaType(data: Uint8Array): MediaType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WAVE'), 8)) {
    return { contentType: 'audio/wav', extension: 'wav' };
  }
  if (startsWith(data, ascii('%PDF-'))) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(data, ascii('OggS'))) return { contentType: 'audio/ogg', extension: 'ogg' };
  if (
    startsWith(data, ascii('ID3')) ||
    (data.length > 1 && data[0] === 0xff && ((data[1] ?? 0) & 0xe0) === 0xe0)
  ) {
    return { contentType: 'audio/mpeg', extension: 'mp3' };
  }
  return null;
}

function uploadProblem(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${maxMediaBytes / 1024 / 1024} MB`);
  }
  if (code === 'FST_FILES_LIMIT')
    return new AppError('BAD_REQUEST', `More than one file was sent: ${fieldHint}`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields');
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('BAD_REQUEST', `The form data could not be read (${message}): ${fieldHint}`);
}

/** Reads the one file of a multipart upload, checks its type by content, and stores it. */
export async function saveChatMedia(storage: StorageProvider, request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', `The file must be sent as multipart/form-data: ${fieldHint}`);
  }
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxMediaBytes, files: 1, fields: 20 } })) {
      if (part.type !== 'file') continue;
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname}": ${fieldHint}`);
      }
      data = await part.toBuffer();
    }
  } catch (error) {
    throw uploadProblem(error);
  }
  if (data === null) throw new AppError('BAD_REQUEST', `No file was sent: ${fieldHint}`);
  if (data.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty');
  const type = sniffMediaType(data);
  if (!type)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'The file is not an image (PNG, JPEG, WebP, GIF), a PDF or audio (MP3, WAV, OGG)',
    );
  const key = newStorageKey('media', `file.${type.extension}`);
  await storage.put(key, data, { contentType: type.contentType });
  return {
    success: true as const,
    url: `${chatMediaUrlPrefix}${key.slice('media/'.length)}`,
    contentType: type.contentType,
    size: data.length,
  };
}

/** True when a URL names a file uploaded here (the only attachments a person's reply may carry). */
export function isChatMediaUrl(url: string): boolean {
  const name = url.startsWith(chatMediaUrlPrefix) ? url.slice(chatMediaUrlPrefix.length) : '';
  return mediaName.test(name);
}

export async function openChatMedia(storage: StorageProvider, name: string): Promise<StoredObjectContent> {
  const object = mediaName.test(name) ? await storage.get(`media/${name}`) : null;
  if (!object) throw new AppError('NOT_FOUND', 'No media file matches params.name');
  return object;
}

import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../platform/app-error';
import { newStorageKey, type StorageKeyPrefix } from '../providers/storage/storage-key';
import type { StorageProvider, StoredObjectContent } from '../providers/storage/types';

export interface FileType {
  contentType: string;
  extension: string;
}

const startsWith = (data: Uint8Array, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => Array.from(Buffer.from(text, 'latin1'));

/** The type a file's first bytes announce, whatever its name or declared type; null for a type we never take. */
export function sniffFileType(data: Uint8Array): FileType | null {
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

/** What an upload endpoint takes, and how its refusals name the file. */
export interface UploadRule {
  maxBytes: number;
  /** The form fields the one file may come in. */
  fileFields: readonly string[];
  /** How the messages call the file: 'picture', 'file'. */
  noun: string;
  /** What to send, added to the refusals of a malformed form. */
  hint: string;
  /** The answer to an empty file. */
  emptyMessage: string;
  /** The sniffed types taken, by extension. */
  accepts: readonly string[];
  /** The refusal of any other content. */
  refuseType: () => AppError;
}

export interface Upload {
  data: Buffer;
  type: FileType;
}

function uploadProblem(error: unknown, rule: UploadRule): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      `The ${rule.noun} is larger than ${rule.maxBytes / 1024 / 1024} MB`,
    );
  }
  if (code === 'FST_FILES_LIMIT')
    return new AppError('BAD_REQUEST', `More than one file was sent: ${rule.hint}`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields');
  }
  // Everything else the parser raises (no boundary, truncated body) is a malformed request, not our failure.
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('BAD_REQUEST', `The form data could not be read (${message}): ${rule.hint}`);
}

/** Reads the one file of a multipart upload and checks by its bytes that it is of a type the rule takes. */
export async function readUpload(request: FastifyRequest, rule: UploadRule): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', `The ${rule.noun} must be sent as multipart/form-data: ${rule.hint}`);
  }
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 1, fields: 20 } })) {
      if (part.type !== 'file') continue;
      if (!rule.fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', `Unexpected file field "${part.fieldname}": ${rule.hint}`);
      }
      data = await part.toBuffer();
    }
  } catch (error) {
    throw uploadProblem(error, rule);
  }
  if (data === null) throw new AppError('BAD_REQUEST', `No ${rule.noun} was sent: ${rule.hint}`);
  if (data.length === 0) throw new AppError('BAD_REQUEST', rule.emptyMessage);
  const type = sniffFileType(data);
  if (!type || !rule.accepts.includes(type.extension)) throw rule.refuseType();
  return { data, type };
}

/** Stores an upload under a fresh key of the prefix (a UUID and the sniffed extension); answers the key. */
export async function storeUpload(
  storage: StorageProvider,
  prefix: StorageKeyPrefix,
  upload: Upload,
): Promise<string> {
  const key = newStorageKey(prefix, `file.${upload.type.extension}`);
  await storage.put(key, upload.data, { contentType: upload.type.contentType });
  return key;
}

/** A stored upload by the file name its URL carries; null for a name the pattern refuses or nothing stored. */
export async function openUpload(
  storage: StorageProvider,
  prefix: StorageKeyPrefix,
  name: string,
  namePattern: RegExp,
): Promise<StoredObjectContent | null> {
  return namePattern.test(name) ? storage.get(`${prefix}/${name}`) : null;
}

import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { newStorageKey } from '../../providers/storage/storage-key';
import type { StorageProvider, StoredObjectContent } from '../../providers/storage/types';
import { updateAccountRow, type AccountRow } from './accounts.repo';
import { sniffImageType, type ImageType } from './image-type';

export const maxImageBytes = 5 * 1024 * 1024;
export const avatarUrlPrefix = '/api/v1/avatars/';

const fileFields = ['image', 'file'];
const fieldHint = 'send one PNG, JPEG, WebP or GIF file in a form field named "image" or "file"';
// The names newStorageKey gives avatars: a UUID and the sniffed extension.
const avatarName = /^[A-Za-z0-9-]+\.(png|jpg|webp|gif)$/;

function uploadProblem(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', `The picture is larger than ${maxImageBytes / 1024 / 1024} MB`);
  }
  if (code === 'FST_FILES_LIMIT')
    return new AppError('BAD_REQUEST', `More than one file was sent: ${fieldHint}`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields');
  }
  // Everything else the parser raises (no boundary, truncated body) is a malformed request, not our failure.
  const message = error instanceof Error ? error.message : String(error);
  return new AppError('BAD_REQUEST', `The form data could not be read (${message}): ${fieldHint}`);
}

/** Reads the one picture of a multipart upload and checks by its bytes that it is an image we accept. */
export async function readImageUpload(request: FastifyRequest): Promise<{ data: Buffer; type: ImageType }> {
  if (!request.isMultipart()) {
    throw new AppError('BAD_REQUEST', `The picture must be sent as multipart/form-data: ${fieldHint}`);
  }
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxImageBytes, files: 1, fields: 20 } })) {
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
  if (data === null) throw new AppError('BAD_REQUEST', `No picture was sent: ${fieldHint}`);
  if (data.length === 0) throw new AppError('BAD_REQUEST', 'The picture file is empty');
  const type = sniffImageType(data);
  if (!type) throw new AppError('BAD_REQUEST', 'The file is not a PNG, JPEG, WebP or GIF image');
  return { data, type };
}

const keyOfAvatarUrl = (url: string | null) => {
  const name = url?.startsWith(avatarUrlPrefix) ? url.slice(avatarUrlPrefix.length) : null;
  return name !== null && avatarName.test(name) ? `avatars/${name}` : null;
};

/** Stores the picture, points the account at it, and drops the picture it replaces. */
export async function saveProfileImage(
  deps: { db: Db; storage: StorageProvider },
  account: AccountRow,
  upload: { data: Buffer; type: ImageType },
): Promise<string> {
  const key = newStorageKey('avatars', `avatar.${upload.type.extension}`);
  await deps.storage.put(key, upload.data, { contentType: upload.type.contentType });
  const url = `${avatarUrlPrefix}${key.slice('avatars/'.length)}`;
  try {
    await updateAccountRow(deps.db, account.id, { profileImage: url });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  const previous = keyOfAvatarUrl(account.profileImage);
  // Losing the old file is harmless; failing the upload over it would not be.
  if (previous && previous !== key) await deps.storage.delete(previous).catch(() => undefined);
  return url;
}

/** A stored avatar by its file name; unknown and malformed names are both 404. */
export async function openAvatar(storage: StorageProvider, name: string): Promise<StoredObjectContent> {
  const object = avatarName.test(name) ? await storage.get(`avatars/${name}`) : null;
  if (!object) throw new AppError('NOT_FOUND', 'No avatar matches params.name');
  return object;
}

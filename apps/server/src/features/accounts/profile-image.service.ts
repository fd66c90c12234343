import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { Db } from '../../platform/database';
import { openUpload, readUpload, storeUpload, type Upload, type UploadRule } from '../../http/uploads';
import type { StorageProvider, StoredObjectContent } from '../../providers/storage/types';
import { updateAccountRow, type AccountRow } from './accounts.repo';

export const maxImageBytes = 5 * 1024 * 1024;
export const avatarUrlPrefix = '/api/v1/avatars/';

// The names stored avatars get: a UUID and the sniffed extension.
const avatarName = /^[A-Za-z0-9-]+\.(png|jpg|webp|gif)$/;

const pictureRule: UploadRule = {
  maxBytes: maxImageBytes,
  fileFields: ['image', 'file'],
  noun: 'picture',
  hint: 'send one PNG, JPEG, WebP or GIF file in a form field named "image" or "file"',
  emptyMessage: 'The picture file is empty',
  accepts: ['png', 'jpg', 'webp', 'gif'],
  refuseType: () => new AppError('BAD_REQUEST', 'The file is not a PNG, JPEG, WebP or GIF image'),
};

/** Reads the one picture of a multipart upload and checks by its bytes that it is an image we accept. */
export function readImageUpload(request: FastifyRequest): Promise<Upload> {
  return readUpload(request, pictureRule);
}

const keyOfAvatarUrl = (url: string | null) => {
  const name = url?.startsWith(avatarUrlPrefix) ? url.slice(avatarUrlPrefix.length) : null;
  return name !== null && avatarName.test(name) ? `avatars/${name}` : null;
};

/** Stores the picture, points the account at it, and drops the picture it replaces. */
export async function saveProfileImage(
  deps: { db: Db; storage: StorageProvider },
  account: AccountRow,
  upload: Upload,
): Promise<string> {
  const key = await storeUpload(deps.storage, 'avatars', upload);
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
  const object = await openUpload(storage, 'avatars', name, avatarName);
  if (!object) throw new AppError('NOT_FOUND', 'No avatar matches params.name');
  return object;
}

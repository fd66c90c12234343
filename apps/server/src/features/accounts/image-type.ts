export type ImageType = { contentType: string; extension: string };

const png: ImageType = { contentType: 'image/png', extension: 'png' };
const jpeg: ImageType = { contentType: 'image/jpeg', extension: 'jpg' };
const webp: ImageType = { contentType: 'image/webp', extension: 'webp' };
const gif: ImageType = { contentType: 'image/gif', extension: 'gif' };

const startsWith = (data: Uint8Array, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);

const ascii = (text: string) => Array.from(Buffer.from(text, 'latin1'));

/** The image type a file's first bytes announce (PNG, JPEG, WebP or GIF), whatever its name or declared type. */
export function sniffImageType(data: Uint8Array): ImageType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return png;
  if (startsWith(data, [0xff, 0xd8, 0xff])) return jpeg;
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return gif;
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return webp;
  return null;
}

import { type UploadMimeType, uploadFileTypes } from '@gatehouse/schemas';

const startsWith = (content: Buffer, bytes: readonly number[], offset = 0) =>
  content.length >= offset + bytes.length && bytes.every((byte, index) => content[offset + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/** Signatures at the start of each binary type (RIFF/WEBP has a size field in between). */
const signatures: ReadonlyArray<{ type: UploadMimeType; test: (content: Buffer) => boolean }> = [
  { type: 'image/png', test: (content) => startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (content) => startsWith(content, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (content) => startsWith(content, ascii('GIF87a')) || startsWith(content, ascii('GIF89a')) },
  { type: 'image/webp', test: (content) => startsWith(content, ascii('RIFF')) && startsWith(content, ascii('WEBP'), 8) },
  { type: 'image/bmp', test: (content) => startsWith(content, ascii('BM')) && content.length >= 26 },
  { type: 'image/tiff', test: (content) => startsWith(content, [0x49, 0x49, 0x2a, 0x00]) || startsWith(content, [0x4d, 0x4d, 0x00, 0x2a]) },
  // An icon directory: reserved 0, type 1, then at least one image.
  { type: 'image/vnd.microsoft.icon', test: (content) => startsWith(content, [0x00, 0x00, 0x01, 0x00]) && content.length >= 6 && content.readUInt16LE(4) > 0 },
  { type: 'application/zip', test: (content) => startsWith(content, ascii('PK\u0003\u0004')) || startsWith(content, ascii('PK\u0005\u0006')) },
];

/**
 * An SVG document: UTF-8 text whose first element is `<svg`, after an optional XML declaration,
 * comments, a doctype and white space. Binary content never passes (no NUL bytes, valid UTF-8).
 */
const svgHead = /^(?:\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!doctype[^>]*>)*<svg[\s>/]/i;

const isSvg = (content: Buffer) => {
  if (content.includes(0)) {
    return false;
  }
  const text = new TextDecoder('utf-8').decode(content.subarray(0, 4096));
  // Invalid UTF-8 is not an SVG (the last character may be cut at the 4 KiB boundary).
  if (text.slice(0, -1).includes('\uFFFD')) {
    return false;
  }
  return svgHead.test(text.replace(/^\uFEFF/, ''));
};

/** The type of an uploaded file judged by its content, never by its name; undefined when unknown. */
export const detectFileType = (content: Buffer): UploadMimeType | undefined =>
  signatures.find((signature) => signature.test(content))?.type ?? (isSvg(content) ? 'image/svg+xml' : undefined);

/** The extension a stored file of this type gets (its first, e.g. `jpg`). */
export const extensionOf = (type: UploadMimeType) => uploadFileTypes[type][0];

/** The type of a stored file from its extension; undefined for anything the service never writes. */
export const typeOfExtension = (extension: string): UploadMimeType | undefined =>
  (Object.keys(uploadFileTypes) as UploadMimeType[]).find((type) => extensionOf(type) === extension);

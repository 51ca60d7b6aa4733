import {
  defaultImageUploadTypes,
  imageUploadMaxSize,
  maxUploadFileSize,
  type UploadMimeType,
  uploadFileTypes,
  uploadMimeTypeAliases,
} from '@gatehouse/schemas';

/**
 * The upload component's rules (spec §5, §9): one file only, of the allowed types, no larger than
 * the smaller of the component's maximum and the global cap. Pure.
 */

export type UploadOptions = {
  /** Allowed types; default svg, png, jpeg, ico. */
  mimeTypes?: readonly UploadMimeType[];
  /** The component's own maximum in bytes; default 500 KB (images). */
  maxSize?: number;
};

export type UploadProblem =
  | { code: 'error_file_count' }
  | { code: 'error_file_type'; extensions: string[] }
  | { code: 'error_file_size'; limit: number };

export type FileLike = { name: string; size: number; type: string };

/** The smaller of the component's maximum and the global 20 MB cap. */
export const uploadSizeLimit = (maxSize = imageUploadMaxSize) => Math.min(maxSize, maxUploadFileSize);

/** The file name extensions of the allowed types, for the message and the file picker. */
export const allowedExtensions = (mimeTypes: readonly UploadMimeType[] = defaultImageUploadTypes): string[] => [
  ...new Set(mimeTypes.flatMap((type): readonly string[] => uploadFileTypes[type])),
];

const normalizedType = (type: string) => {
  const lower = type.toLowerCase();
  return uploadMimeTypeAliases[lower] ?? lower;
};

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').at(-1)!.toLowerCase() : '');

/** Whether a file is of an allowed type: its reported type, or its extension when the browser reports none. */
export const isAllowedFile = (file: FileLike, mimeTypes: readonly UploadMimeType[] = defaultImageUploadTypes) => {
  const type = normalizedType(file.type);
  if (type && type !== 'application/octet-stream') {
    return (mimeTypes as readonly string[]).includes(type);
  }
  return allowedExtensions(mimeTypes).includes(extensionOf(file.name));
};

/** The first problem with the chosen files, or undefined when the one file may be uploaded. */
export const checkUpload = (files: readonly FileLike[], options: UploadOptions = {}): UploadProblem | undefined => {
  const mimeTypes = options.mimeTypes ?? defaultImageUploadTypes;
  if (files.length !== 1) {
    return { code: 'error_file_count' };
  }
  const [file] = files as [FileLike];
  if (!isAllowedFile(file, mimeTypes)) {
    return { code: 'error_file_type', extensions: allowedExtensions(mimeTypes) };
  }
  const limit = uploadSizeLimit(options.maxSize);
  if (file.size > limit) {
    return { code: 'error_file_size', limit };
  }
  return undefined;
};

/** A size for people: 500 KB, 20 MB, 1.5 MB (1 KB = 1,024 bytes). */
export const formatFileSize = (bytes: number) => {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  if (bytes < 1024 * 1024) {
    return `${Math.round(bytes / 1024)} KB`;
  }
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
};

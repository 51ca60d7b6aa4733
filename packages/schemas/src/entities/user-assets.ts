import { z } from 'zod';

/**
 * Uploads (spec §9): the file types the asset service accepts, by MIME type with their file name
 * extensions, and the size limits. The server checks a file by its content, the console by its
 * name and type before sending it.
 */
export const uploadFileTypes = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/vnd.microsoft.icon': ['ico'],
  'image/svg+xml': ['svg'],
  'image/tiff': ['tif', 'tiff'],
  'image/webp': ['webp'],
  'image/bmp': ['bmp'],
  'application/zip': ['zip'],
} as const satisfies Record<string, readonly string[]>;
export type UploadMimeType = keyof typeof uploadFileTypes;
export const uploadMimeTypes = Object.keys(uploadFileTypes) as UploadMimeType[];

/** Other names browsers give the same types (an .ico file is often reported as image/x-icon). */
export const uploadMimeTypeAliases: Readonly<Record<string, UploadMimeType>> = {
  'image/x-icon': 'image/vnd.microsoft.icon',
  'image/ico': 'image/vnd.microsoft.icon',
  'image/jpg': 'image/jpeg',
  'application/x-zip-compressed': 'application/zip',
};

/** Global cap of one upload: 20 MB. */
export const maxUploadFileSize = 20 * 1024 * 1024;
/** Limit of the image upload component (logos, favicons, avatars): 500 KB. */
export const imageUploadMaxSize = 500 * 1024;
/** What the image upload component accepts unless told otherwise: svg, png, jpeg, ico. */
export const defaultImageUploadTypes: readonly UploadMimeType[] = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/vnd.microsoft.icon'];

export const userAssetsServiceStatusSchema = z
  .object({
    /** `not_configured` when the server cannot store files (its upload directory is not writable). */
    status: z.enum(['ready', 'not_configured']),
    allowUploadMimeTypes: z.array(z.string()),
    /** Bytes. */
    maxUploadFileSize: z.number().int().positive(),
  })
  .meta({ id: 'UserAssetsServiceStatus' });
export type UserAssetsServiceStatus = z.infer<typeof userAssetsServiceStatusSchema>;

/** The answer to an upload: where the file is served, publicly. */
export const userAssetSchema = z.object({ url: z.string() }).meta({ id: 'UserAsset' });
export type UserAsset = z.infer<typeof userAssetSchema>;

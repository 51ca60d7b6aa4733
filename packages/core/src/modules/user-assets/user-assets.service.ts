import { constants, createReadStream } from 'node:fs';
import { access, mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { maxUploadFileSize, uploadMimeTypes, type UserAssetsServiceStatus } from '@gatehouse/schemas';
import type { FastifyRequest } from 'fastify';

import { ApiError } from '../../app/errors.js';
import { generateId } from '../../crypto/ids.js';
import { detectFileType, extensionOf, typeOfExtension } from './file-type.js';

/** Busboy limits of an upload request: one file part, no other fields, the global size cap. */
export const uploadLimits = { fileSize: maxUploadFileSize, files: 1, fields: 0, parts: 1 } as const;

/** Stored names are `{random id}.{extension}`: nothing a request can turn into another path. */
const storedName = /^[\da-z]{21}\.[a-z]{3,4}$/;

/**
 * Uploaded files on the local file system, one folder per tenant under USER_ASSETS_DIR, served
 * publicly under the tenant's `/user-assets/`. Files are never changed once written.
 */
export class UserAssetStore {
  constructor(readonly dir: string) {}

  /** `ready` when the directory exists (or can be created) and is writable. */
  async status(): Promise<UserAssetsServiceStatus> {
    let status: UserAssetsServiceStatus['status'] = 'ready';
    try {
      await mkdir(this.dir, { recursive: true });
      await access(this.dir, constants.W_OK);
    } catch {
      status = 'not_configured';
    }
    return { status, allowUploadMimeTypes: [...uploadMimeTypes], maxUploadFileSize };
  }

  /**
   * Reads the request's single file part (multipart field `file`), checks its type by content and
   * its size, stores it and answers its public URL under `baseUrl` (the tenant's base URL).
   */
  async upload(request: FastifyRequest, tenantId: string, baseUrl: string): Promise<{ url: string }> {
    if ((await this.status()).status !== 'ready') {
      throw new ApiError(503, 'user_assets.not_configured');
    }
    const content = await readFilePart(request);
    const type = detectFileType(content);
    if (!type) {
      throw new ApiError(415, 'user_assets.unsupported_type', { types: uploadMimeTypes.map((mime) => extensionOf(mime)).join(', ') });
    }
    const folder = path.join(this.dir, tenantId);
    await mkdir(folder, { recursive: true });
    const name = `${generateId()}.${extensionOf(type)}`;
    await writeFile(path.join(folder, name), content, { flag: 'wx' });
    return { url: `${baseUrl}/user-assets/${name}` };
  }

  /** A stored file of the tenant to send, or undefined. */
  async open(tenantId: string, name: string) {
    const extension = name.split('.').at(-1) ?? '';
    const type = typeOfExtension(extension);
    if (!storedName.test(name) || !type) {
      return undefined;
    }
    const file = path.join(this.dir, tenantId, name);
    try {
      const info = await stat(file);
      return info.isFile() ? { type, size: info.size, stream: () => createReadStream(file) } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Multipart errors of @fastify/multipart mapped to the API's codes. */
const multipartErrors: Partial<Record<string, () => ApiError>> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: () => new ApiError(415, 'user_assets.multipart_required'),
  FST_REQ_FILE_TOO_LARGE: () => new ApiError(413, 'user_assets.file_too_large', { limit: `${maxUploadFileSize / 1024 / 1024} MB` }),
  FST_FILES_LIMIT: () => new ApiError(400, 'user_assets.one_file_only'),
  FST_PARTS_LIMIT: () => new ApiError(400, 'user_assets.one_file_only'),
  FST_FIELDS_LIMIT: () => new ApiError(400, 'user_assets.one_file_only'),
};

/** The single file part of the request; the whole request is read, so a second part is noticed. */
const readFilePart = async (request: FastifyRequest): Promise<Buffer> => {
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: uploadLimits })) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        throw new ApiError(400, content ? 'user_assets.one_file_only' : 'user_assets.file_missing');
      }
      content = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const mapped = typeof code === 'string' ? multipartErrors[code] : undefined;
    throw mapped ? mapped() : error;
  }
  if (!content || content.length === 0) {
    throw new ApiError(400, 'user_assets.file_missing');
  }
  return content;
};

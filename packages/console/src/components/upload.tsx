import { Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { defaultImageUploadTypes, type UploadMimeType, type UserAsset, type UserAssetsServiceStatus } from '@gatehouse/schemas';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../api/client.js';
import { isConsoleError } from '../lib/errors.js';
import { allowedExtensions, checkUpload, formatFileSize, uploadSizeLimit, type UploadProblem } from '../lib/upload.js';

/**
 * Where files go: the managed tenant's asset service (`/api/user-assets`, logos and icons), or the
 * console user's own (`/api/me/user-assets`, the avatar), spec §7.
 */
export type UploadTarget = 'tenant' | 'me';

const basePath = (target: UploadTarget) => (target === 'me' ? 'me/user-assets' : 'user-assets');

/** The asset service status; uploads are offered only while it is `ready` (spec §6). */
export const useUploadService = (target: UploadTarget) =>
  useQuery({
    queryKey: ['user-assets', target, 'service-status'],
    queryFn: ({ signal }) => api.get<UserAssetsServiceStatus>(`${basePath(target)}/service-status`, undefined, { signal }),
    staleTime: 60_000,
  });

export type UploadProps = {
  target: UploadTarget;
  /** Called with the public URL of the stored file. */
  onUploaded: (url: string) => void;
  /** Allowed types; default svg, png, jpeg, ico. The server's own list narrows them further. */
  mimeTypes?: readonly UploadMimeType[];
  /** The component's maximum in bytes; default 500 KB. The global 20 MB cap always applies. */
  maxSize?: number;
  /** The service status, when the caller already has it. */
  status?: UserAssetsServiceStatus;
  label?: string;
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One file, chosen or dropped, checked here (count, type, size: spec §5) and then sent to the
 * asset service. The four messages are error_file_count, error_file_type (with the extensions),
 * error_file_size (with the limit) and error_upload; an aborted upload says nothing.
 */
export const Upload = ({ target, onUploaded, mimeTypes = defaultImageUploadTypes, maxSize, status, label }: UploadProps) => {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const resetPicker = useRef<() => void>(null);
  const types = status ? mimeTypes.filter((type) => status.allowUploadMimeTypes.includes(type)) : mimeTypes;
  const limit = Math.min(uploadSizeLimit(maxSize), status?.maxUploadFileSize ?? Number.POSITIVE_INFINITY);

  useEffect(() => () => controller.current?.abort(), []);

  const problemText = (problem: UploadProblem) => {
    switch (problem.code) {
      case 'error_file_count':
        return t('upload.error_file_count');
      case 'error_file_type':
        return t('upload.error_file_type', { extensions: problem.extensions.map((extension) => `.${extension}`).join(', ') });
      case 'error_file_size':
        return t('upload.error_file_size', { limit: formatFileSize(problem.limit) });
    }
  };

  const accept = async (files: File[]) => {
    resetPicker.current?.();
    const problem = checkUpload(files, { mimeTypes: types, maxSize: limit });
    if (problem) {
      setError(problemText(problem));
      return;
    }
    setError(undefined);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setUploading(true);
    try {
      const { url } = await api.upload<UserAsset>(basePath(target), files[0]!, { signal: current.signal });
      onUploaded(url);
    } catch (failure) {
      if (!isAbort(failure) && !current.signal.aborted) {
        const detail = isConsoleError(failure) ? failure.body?.message : undefined;
        setError(detail ? `${t('upload.error_upload')}\n${detail}` : t('upload.error_upload'));
      }
    } finally {
      if (controller.current === current) {
        setUploading(false);
      }
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) {
      void accept(Array.from(event.dataTransfer.files));
    }
  };

  const extensions = allowedExtensions(types);
  return (
    <Stack gap={6}>
      <Paper
        withBorder
        radius="md"
        p="md"
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{ borderStyle: 'dashed', background: dragging ? 'var(--mantine-primary-color-light)' : undefined }}
        data-testid="upload-dropzone"
      >
        <Group gap="sm" wrap="nowrap">
          {uploading ? <Loader size="sm" /> : <IconUpload size={20} aria-hidden />}
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm">{uploading ? t('upload.uploading') : t('upload.drop_here')}</Text>
            <Text size="xs" c="dimmed">
              {t('upload.hint', { extensions: extensions.map((extension) => `.${extension}`).join(', '), limit: formatFileSize(limit) })}
            </Text>
          </Stack>
          <FileButton
            resetRef={resetPicker}
            onChange={(file) => void accept(file ? [file] : [])}
            accept={[...types, ...extensions.map((extension) => `.${extension}`)].join(',')}
            disabled={uploading}
          >
            {(props) => (
              <Button variant="default" size="xs" {...props}>
                {label ?? t('upload.browse')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Paper>
      {error && (
        <Text size="xs" c="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </Text>
      )}
    </Stack>
  );
};

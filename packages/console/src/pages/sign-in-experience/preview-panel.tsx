import { Box, Card, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import type { CustomProfileField, ExperiencePreview, ExperiencePreviewReady, SignInExperience } from '@gatehouse/schemas';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import { IconDeviceDesktop, IconDeviceMobile, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useConsole } from '../../app-context.js';
import { useConnectors } from '../connectors/queries.js';
import { previewConfig, previewMessage, type PreviewMode, type PreviewPage } from './draft.js';
import { useCustomPhrases } from './queries.js';

type Platform = 'desktop' | 'mobile';

/** The frame is laid out at the size of a real screen, then scaled down to the panel. */
const frameSizes: Record<Platform, { width: number; height: number }> = {
  desktop: { width: 1024, height: 760 },
  mobile: { width: 390, height: 760 },
};

const readyType: ExperiencePreviewReady['type'] = 'gatehouse:experience-preview-ready';

/**
 * The real hosted sign-in page (`{tenant base}/preview`, same origin) in a frame, showing the
 * draft as it is edited. The draft goes in with postMessage, to this origin only; the page asks
 * for it once it listens (after loading or reloading).
 */
export const PreviewPanel = ({
  experience,
  fields,
  defaultPage,
}: {
  /** The draft, with only valid parts (see `usableDraft`). */
  experience: SignInExperience;
  fields: readonly CustomProfileField[];
  defaultPage: PreviewPage;
}) => {
  const { t } = useTranslation();
  const { config } = useConsole();
  const connectors = useConnectors();
  const phrases = useCustomPhrases();
  const [page, setPage] = useState<PreviewPage>(defaultPage);
  const [mode, setMode] = useState<PreviewMode>('light');
  const [platform, setPlatform] = useState<Platform>('desktop');
  const frame = useRef<HTMLIFrameElement>(null);
  const { ref: box, width } = useElementSize();

  useEffect(() => setPage(defaultPage), [defaultPage]);

  const darkAvailable = experience.color.isDarkModeEnabled;
  const message = useMemo(
    () =>
      previewMessage(
        previewConfig({ tenantId: config.tenantId, experience, connectors: connectors.data ?? [], fields, phrases: phrases.data ?? [] }),
        page,
        darkAvailable ? mode : 'light',
      ),
    [config.tenantId, experience, connectors.data, fields, phrases.data, page, darkAvailable, mode],
  );
  const [debounced] = useDebouncedValue(message, 120);
  const latest = useRef<ExperiencePreview>(debounced);
  latest.current = debounced;

  useEffect(() => {
    frame.current?.contentWindow?.postMessage(debounced, window.location.origin);
  }, [debounced]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data: unknown = event.data;
      if (
        event.origin === window.location.origin &&
        event.source === frame.current?.contentWindow &&
        typeof data === 'object' &&
        data !== null &&
        (data as { type?: unknown }).type === readyType
      ) {
        frame.current?.contentWindow?.postMessage(latest.current, window.location.origin);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The same origin as the console: only it may frame the preview.
  const src = `${new URL(config.tenantEndpoint).pathname.replace(/\/+$/, '')}/preview`;
  const size = frameSizes[platform];
  const scale = width > 0 ? Math.min(1, width / size.width) : 1;

  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Text fw={600}>{t('sign_in_exp.preview.title')}</Text>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={platform}
            onChange={(value) => setPlatform(value as Platform)}
            aria-label={t('sign_in_exp.preview.platform')}
            data={[
              { value: 'desktop', label: <IconDeviceDesktop size={16} aria-label={t('sign_in_exp.preview.desktop')} /> },
              { value: 'mobile', label: <IconDeviceMobile size={16} aria-label={t('sign_in_exp.preview.mobile')} /> },
            ]}
          />
          <Tooltip label={t('sign_in_exp.preview.dark_unavailable')} disabled={darkAvailable}>
            <SegmentedControl
              size="xs"
              value={darkAvailable ? mode : 'light'}
              onChange={(value) => setMode(value as PreviewMode)}
              aria-label={t('sign_in_exp.preview.mode')}
              data={[
                { value: 'light', label: <IconSun size={16} aria-label={t('sign_in_exp.preview.light')} /> },
                { value: 'dark', label: <IconMoon size={16} aria-label={t('sign_in_exp.preview.dark')} />, disabled: !darkAvailable },
              ]}
            />
          </Tooltip>
        </Group>
      </Group>
      <SegmentedControl
        fullWidth
        size="xs"
        mb="sm"
        value={page}
        onChange={(value) => setPage(value as PreviewPage)}
        aria-label={t('sign_in_exp.preview.page')}
        data={[
          { value: 'sign-in', label: t('sign_in_exp.preview.page_sign_in') },
          { value: 'register', label: t('sign_in_exp.preview.page_register') },
          { value: 'continue', label: t('sign_in_exp.preview.page_profile') },
        ]}
      />
      <Box
        ref={box}
        dir="ltr"
        style={{
          height: size.height * scale,
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-sm)',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      >
        <iframe
          ref={frame}
          src={src}
          title={t('sign_in_exp.preview.frame_title')}
          style={{
            display: 'block',
            width: size.width,
            height: size.height,
            border: 0,
            transform: `scale(${scale})`,
            transformOrigin: '0 0',
            marginInline: size.width * scale < width ? 'auto' : undefined,
          }}
        />
      </Box>
      <Text size="xs" c="dimmed" mt="xs">
        {t('sign_in_exp.preview.note')}
      </Text>
    </Card>
  );
};

import { ActionIcon, Code, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type CopyState = 'copy' | 'copying' | 'copied';

/** Spec §4 copy states: copy → copying → copied, and back to copy (`reset`) when the pointer leaves. */
export const useCopy = (value: string) => {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('copy');
  const copy = async () => {
    setState('copying');
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('copy');
    }
  };
  const label = state === 'copied' ? t('copy.copied') : state === 'copying' ? t('copy.copying') : t('copy.copy');
  return { state, label, copy, reset: () => setState('copy') };
};

/** The copy button of a copy box or a code block, with its tooltip. */
export const CopyButton = ({ copier }: { copier: ReturnType<typeof useCopy> }) => (
  <Tooltip label={copier.label} opened={copier.state === 'copy' ? undefined : true}>
    <ActionIcon
      variant="subtle"
      color={copier.state === 'copied' ? 'teal' : 'gray'}
      size="sm"
      onClick={() => void copier.copy()}
      loading={copier.state === 'copying'}
      aria-label={copier.label}
    >
      {copier.state === 'copied' ? <IconCheck size={14} /> : <IconCopy size={14} />}
    </ActionIcon>
  </Tooltip>
);

/** A value with a copy button. `hidden` masks a secret until the eye button shows it. */
export const CopyBox = ({ value, hidden = false, size = 'sm' }: { value: string; hidden?: boolean; size?: 'xs' | 'sm' | 'md' }) => {
  const { t } = useTranslation();
  const copier = useCopy(value);
  const [revealed, setRevealed] = useState(!hidden);

  return (
    <Group gap={4} wrap="nowrap" onMouseLeave={copier.reset} style={{ minWidth: 0 }}>
      <Code
        fz={size}
        style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, direction: 'ltr' }}
        data-testid="copy-box-value"
      >
        {revealed ? value : '•'.repeat(Math.min(value.length, 24))}
      </Code>
      {hidden && (
        <Tooltip label={revealed ? t('copy.hide') : t('copy.show')}>
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => setRevealed((shown) => !shown)} aria-label={revealed ? t('copy.hide') : t('copy.show')}>
            {revealed ? <IconEyeOff size={14} /> : <IconEye size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
      <CopyButton copier={copier} />
    </Group>
  );
};

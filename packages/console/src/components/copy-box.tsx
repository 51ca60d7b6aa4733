import { ActionIcon, Code, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type CopyState = 'copy' | 'copying' | 'copied';

/**
 * A value with a copy button (spec §4): copy → copying → copied, and back to copy when the
 * pointer leaves. `hidden` masks a secret until the eye button shows it.
 */
export const CopyBox = ({ value, hidden = false, size = 'sm' }: { value: string; hidden?: boolean; size?: 'xs' | 'sm' | 'md' }) => {
  const { t } = useTranslation();
  const [state, setState] = useState<CopyState>('copy');
  const [revealed, setRevealed] = useState(!hidden);

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

  return (
    <Group gap={4} wrap="nowrap" onMouseLeave={() => setState('copy')} style={{ minWidth: 0 }}>
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
      <Tooltip label={label} opened={state === 'copy' ? undefined : true}>
        <ActionIcon
          variant="subtle"
          color={state === 'copied' ? 'teal' : 'gray'}
          size="sm"
          onClick={() => void copy()}
          loading={state === 'copying'}
          aria-label={label}
        >
          {state === 'copied' ? <IconCheck size={14} /> : <IconCopy size={14} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
};

import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import type { ReactNode } from 'react';

let sequence = 0;
let pendingConfirm: { id: string; settle: (confirmed: boolean) => void } | undefined;

export type ConfirmOptions = {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  /** Red confirm button, for deletions. */
  danger?: boolean;
};

/**
 * A confirm dialog as a promise (spec §4): true when confirmed; false on cancel, on close (also by
 * browser back navigation, see the shell) or when another dialog replaces it.
 */
export const confirm = ({ title, message, confirmLabel, danger = false }: ConfirmOptions): Promise<boolean> =>
  new Promise((resolve) => {
    if (pendingConfirm) {
      const previous = pendingConfirm;
      pendingConfirm = undefined;
      previous.settle(false);
      modals.close(previous.id);
    }
    const id = `confirm-${(sequence += 1)}`;
    let settled = false;
    const settle = (confirmed: boolean) => {
      if (settled) {
        return;
      }
      settled = true;
      if (pendingConfirm?.id === id) {
        pendingConfirm = undefined;
      }
      resolve(confirmed);
    };
    pendingConfirm = { id, settle };
    modals.openConfirmModal({
      modalId: id,
      title,
      centered: true,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: { confirm: confirmLabel ?? i18next.t('general.confirm'), cancel: i18next.t('general.cancel') },
      confirmProps: danger ? { color: 'red' } : {},
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });

/** An alert with a single "Got it" button; `onClose` runs however it is closed. */
export const openAlert = ({ title, message, onClose }: { title?: ReactNode; message: ReactNode; onClose?: () => void }) => {
  const id = `alert-${(sequence += 1)}`;
  modals.open({
    modalId: id,
    title: title ?? i18next.t('general.notice'),
    centered: true,
    closeOnClickOutside: false,
    ...(onClose ? { onClose } : {}),
    children: (
      <Stack>
        {typeof message === 'string' ? <Text size="sm" style={{ whiteSpace: 'pre-line' }}>{message}</Text> : message}
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            {i18next.t('general.got_it')}
          </Button>
        </Group>
      </Stack>
    ),
  });
};

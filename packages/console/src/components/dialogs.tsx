import { Button, getDefaultZIndex, Group, Modal, Stack, Text, type ModalProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { FormError } from './form-error.js';

let sequence = 0;
let pendingConfirm: { id: string; settle: (confirmed: boolean) => void } | undefined;

export type ConfirmOptions = {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for deletions. */
  danger?: boolean;
};

/**
 * A confirm dialog as a promise (spec §4): true when confirmed; false on cancel, on close (also by
 * browser back navigation, see the shell) or when another dialog replaces it.
 */
export const confirm = ({ title, message, confirmLabel, cancelLabel, danger = false }: ConfirmOptions): Promise<boolean> =>
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
      labels: { confirm: confirmLabel ?? i18next.t('general.confirm'), cancel: cancelLabel ?? i18next.t('general.cancel') },
      confirmProps: danger ? { color: 'red' } : {},
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });

/** Asks before deleting something: `confirm` with a red Delete button. */
export const confirmDelete = ({ title, message }: { title: ReactNode; message: ReactNode }) =>
  confirm({ title, message, confirmLabel: i18next.t('general.delete'), danger: true });

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

/** Spec §4: confirm and alert dialogs close on browser back navigation. */
export const useCloseDialogsOnBack = () => {
  useEffect(() => {
    const close = () => modals.closeAll();
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, []);
};

/** `comboboxProps` of a select in a dialog: above it (the theme keeps dropdowns at the spec's z-index 103, below dialogs). */
export const dropdownInDialog = { withinPortal: true, zIndex: getDefaultZIndex('popover') };

/**
 * A dialog holding a form: the form's error, its fields, then cancel and submit (Save changes
 * unless `submitLabel` says otherwise). Its submit stays its own: a dialog opened from inside
 * another form is still inside that form in React's tree. With `dirty`, closing it by Escape, a
 * click outside or its close button first asks whether to discard the changes; Cancel is a
 * choice already made and closes it at once.
 */
export const FormDialog = ({
  opened,
  onClose,
  title,
  size,
  onSubmit,
  error,
  submitting,
  submitLabel,
  dirty = false,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalProps['size'];
  /** The form's `handleSubmit(...)`. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  error?: string | undefined;
  submitting?: boolean;
  submitLabel?: string;
  dirty?: boolean;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  const requestClose = async () => {
    if (
      !dirty ||
      (await confirm({
        title: t('discard_changes.title'),
        message: t('discard_changes.message'),
        confirmLabel: t('discard_changes.discard'),
        cancelLabel: t('discard_changes.keep'),
        danger: true,
      }))
    ) {
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={() => void requestClose()} title={title} size={size} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.stopPropagation();
          void onSubmit(event);
        }}
      >
        <Stack>
          <FormError message={error} />
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('general.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel ?? t('general.save_changes')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

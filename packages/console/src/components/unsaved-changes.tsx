import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type Location } from 'react-router';

/**
 * The navigation state of a move that leaves unsaved changes behind on purpose (after deleting
 * the entity they were changes to): `navigate(to, { state: discardChangesState })`.
 */
export const discardChangesState = { discardsChanges: true } as const;

const discardsChanges = (location: Location) => (location.state as Partial<typeof discardChangesState> | null)?.discardsChanges === true;

/**
 * Asks before unsaved changes are lost: moving to another page of the console (a dialog: stay or
 * leave), and closing or reloading the browser tab (the browser's own prompt). `keeps` names the
 * places that keep the changes, such as the other tabs of the same form.
 *
 * The dialog is a Modal of its own rather than `confirm()`: a blocked browser back navigation is
 * undone by another history move, and its `popstate` makes the shell close the modals manager's
 * dialogs (spec §4), which would dismiss the question as soon as it is asked.
 */
export const UnsavedChangesGuard = ({ dirty, keeps }: { dirty: boolean; keeps?: (next: Location) => boolean }) => {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname && !keeps?.(nextLocation) && !discardsChanges(nextLocation),
  );

  useEffect(() => {
    if (!dirty) {
      return;
    }
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title={t('unsaved_changes.title')}
      centered
    >
      <Text size="sm">{t('unsaved_changes.message')}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
          {t('unsaved_changes.stay')}
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          {t('unsaved_changes.leave')}
        </Button>
      </Group>
    </Modal>
  );
};

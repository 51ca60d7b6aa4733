import { ActionIcon, Box, Grid, Group, List, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import type { ApiErrorDetail } from '../../lib/errors.js';
import { moveItem, removeAt } from './draft.js';

/** Up and down buttons of a row in an ordered list. */
export const MoveButtons = ({ index, count, onMove, label }: { index: number; count: number; onMove: (to: number) => void; label: string }) => {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={t('sign_in_exp.move_up', { name: label })}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="gray"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
        aria-label={t('sign_in_exp.move_down', { name: label })}
      >
        <IconArrowDown size={16} />
      </ActionIcon>
    </Group>
  );
};

/** Removes one entry of a list that the form edits. */
export const RemoveButton = ({ label, onRemove }: { label: string; onRemove: () => void }) => {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('sign_in_exp.remove_item', { name: label })}>
      <IconTrash size={16} />
    </ActionIcon>
  );
};

/** Move and remove buttons of the entry at `index` of an ordered list that the form edits. */
export const RowActions = <T,>({ items, index, label, onChange }: { items: readonly T[]; index: number; label: string; onChange: (items: T[]) => void }) => (
  <Group gap={4} wrap="nowrap">
    <MoveButtons index={index} count={items.length} label={label} onMove={(to) => onChange(moveItem(items, index, to))} />
    <RemoveButton label={label} onRemove={() => onChange(removeAt(items, index))} />
  </Group>
);

/** The server's reasons a save was refused that concern one section, shown inside it, each once. */
export const SectionProblems = ({ details, prefixes }: { details: readonly ApiErrorDetail[]; prefixes: readonly string[] }) => {
  const mine = details.filter((detail) => prefixes.some((prefix) => detail.path === prefix || detail.path.startsWith(`${prefix}.`)));
  // Two sign-in methods that need the same missing connector are one reason here.
  const messages = [...new Set(mine.map((detail) => detail.message))];
  if (messages.length === 0) {
    return null;
  }
  return (
    <List size="sm" c="red" role="alert" spacing={4} data-testid="section-problems">
      {messages.map((message) => (
        <List.Item key={message}>
          <Text size="sm" c="red" span>
            {message}
          </Text>
        </List.Item>
      ))}
    </List>
  );
};

/**
 * A form (given to its fields as the form context) beside its live preview, which stays in view
 * while the form scrolls; the preview goes below the form on narrow screens.
 */
export const FormWithPreview = <T extends FieldValues, C, O>({
  form,
  onSubmit,
  preview,
  children,
}: {
  form: UseFormReturn<T, C, O>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  preview: ReactNode;
  children: ReactNode;
}) => (
  <Grid gap="lg">
    <Grid.Col span={{ base: 12, lg: 7 }}>
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit}>
          <Stack>{children}</Stack>
        </form>
      </FormProvider>
    </Grid.Col>
    <Grid.Col span={{ base: 12, lg: 5 }}>
      <Box style={{ position: 'sticky', top: 'calc(60px + var(--mantine-spacing-md))' }}>{preview}</Box>
    </Grid.Col>
  </Grid>
);

import { ActionIcon, Button, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  label: ReactNode;
  description?: ReactNode;
  value: string[];
  onChange: (value: string[]) => void;
  /** Message per row (from the schema or the server). */
  rowErrors?: Array<string | undefined>;
  /** Message about the whole list (duplicates, too many). */
  error?: string | undefined;
  placeholder?: string;
  name: string;
};

/** An editable list of URIs or origins, one input per row. */
export const UriListField = ({ label, description, value, onChange, rowErrors = [], error, placeholder, name }: Props) => {
  const { t } = useTranslation();
  const rows = value.length > 0 ? value : [''];
  // A single empty row is an empty list, not an invalid entry.
  const emit = (next: string[]) => onChange(next.length === 1 && next[0] === '' ? [] : next);
  const update = (index: number, next: string) => emit(rows.map((row, position) => (position === index ? next : row)));
  const remove = (index: number) => emit(rows.filter((_, position) => position !== index));
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <Stack gap={6} mt={4}>
        {rows.map((row, index) => (
          <TextInput
            key={index}
            name={`${name}.${index}`}
            value={row}
            onChange={(event) => update(index, event.currentTarget.value)}
            placeholder={placeholder}
            error={rowErrors[index]}
            dir="ltr"
            aria-label={`${typeof label === 'string' ? label : name} ${index + 1}`}
            rightSection={
              rows.length > 1 || row ? (
                <ActionIcon variant="subtle" color="gray" onClick={() => remove(index)} aria-label={t('general.remove')}>
                  <IconTrash size={16} />
                </ActionIcon>
              ) : null
            }
          />
        ))}
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => onChange([...rows, ''])} w="fit-content">
          {t('general.add_another')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
};

/** The list as the API wants it: empty rows dropped. */
export const withoutEmptyRows = (value: readonly string[] | undefined) => (value ?? []).map((row) => row.trim()).filter(Boolean);

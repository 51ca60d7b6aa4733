import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Input,
  JsonInput,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { literalPlaceholders, localizedName } from '../../lib/connectors.js';
import type { PhraseKey } from '../../locales/en.js';
import {
  type ConfigField,
  type FieldErrors,
  type FormState,
  type FormValue,
  getAt,
  humanizeKey,
  isSecretMapValue,
  type MapRow,
  newListItem,
  setAt,
} from '../../lib/config-form.js';

type Translate = TFunction;

export const monospaceInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

/** A phrase when the console has one for this key, else `fallback`. */
const optionalPhrase = (t: Translate, exists: (key: string) => boolean, key: string, fallback: string) =>
  exists(key) ? t(key as PhraseKey, literalPlaceholders) : fallback;

export const useConfigLabels = () => {
  const { t, i18n } = useTranslation();
  const exists = (key: string) => i18n.exists(key);
  return {
    label: (field: Pick<ConfigField, 'labelKey' | 'name'>) => optionalPhrase(t, exists, `connectors.config.${field.labelKey}`, humanizeKey(field.name)),
    hint: (field: Pick<ConfigField, 'labelKey'>) => {
      const key = `connectors.config_hint.${field.labelKey}`;
      return exists(key) ? t(key as PhraseKey, literalPlaceholders) : undefined;
    },
    option: (value: string) => optionalPhrase(t, exists, `connectors.option.${value}`, value),
    /** A factory's description: the console's phrase for a known factory, else the server's text. */
    factoryDescription: (factory: { id: string; description: Readonly<Record<string, string>> }) =>
      optionalPhrase(t, exists, `connectors.factory_description.${factory.id}`, localizedName(factory.description, i18n.language)),
  };
};

type EditorProps = {
  fields: readonly ConfigField[];
  value: FormState;
  onChange: (next: FormState) => void;
  errors: FieldErrors;
  /** Data path of this group inside the whole form state ('' at the root). */
  prefix?: string;
  root?: FormState;
};

/**
 * The inputs of a generated connector configuration form (see lib/config-form.ts). The state is
 * held by the caller; `errors` are keyed by data path.
 */
export const ConfigFieldsEditor = ({ fields, value, onChange, errors, prefix = '', root }: EditorProps) => {
  const whole = root ?? value;
  return (
    <Stack gap="md">
      {fields
        .filter((field) => field.kind !== 'fixed')
        .map((field) => {
          const path = prefix ? `${prefix}.${field.name}` : field.name;
          return (
            <ConfigInput
              key={path}
              field={field}
              path={path}
              value={getAt(whole, path)}
              set={(next) => onChange(setAt(whole, path, next))}
              root={whole}
              onChange={onChange}
              errors={errors}
            />
          );
        })}
    </Stack>
  );
};

/** The two inputs of a key-value row: the part of the row, its phrase, and its share of the width. */
const mapColumns = [
  ['key', 'connectors.form.map_key', 1],
  ['value', 'connectors.form.map_value', 2],
] as const;

type InputProps = {
  field: ConfigField;
  path: string;
  value: FormValue;
  set: (value: FormValue) => void;
  root: FormState;
  onChange: (next: FormState) => void;
  errors: FieldErrors;
};

const ConfigInput = ({ field, path, value, set, root, onChange, errors }: InputProps) => {
  const { t } = useTranslation();
  const { label, hint, option } = useConfigLabels();
  const common = {
    label: label(field),
    description: hint(field),
    required: field.required,
    error: errors[path],
    name: `config.${path}`,
  };
  switch (field.kind) {
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      const onText = (next: string) => set(next);
      if (field.multiline) {
        return (
          <Textarea
            {...common}
            value={text}
            onChange={(event) => onText(event.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={16}
            placeholder={field.placeholder}
            styles={monospaceInput}
            dir="ltr"
          />
        );
      }
      if (field.secret) {
        return <PasswordInput {...common} value={text} onChange={(event) => onText(event.currentTarget.value)} autoComplete="new-password" dir="ltr" />;
      }
      return <TextInput {...common} value={text} onChange={(event) => onText(event.currentTarget.value)} placeholder={field.placeholder} dir="ltr" />;
    }
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => set(typeof next === 'number' ? next : next === '' ? '' : Number(next))}
          allowDecimal={!field.integer}
          min={field.min}
          max={field.max}
          clampBehavior="none"
          placeholder={field.placeholder}
          dir="ltr"
        />
      );
    case 'switch':
      return (
        <Switch
          label={common.label}
          description={common.description}
          error={common.error}
          name={common.name}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked)}
        />
      );
    case 'tristate':
      return (
        <Input.Wrapper label={common.label} description={common.description} error={common.error}>
          <div>
            <SegmentedControl
              mt={4}
              value={value === true ? 'on' : value === false ? 'off' : 'unset'}
              onChange={(next) => set(next === 'on' ? true : next === 'off' ? false : undefined)}
              data={[
                { value: 'unset', label: t('connectors.form.provider_default') },
                { value: 'on', label: t('connectors.form.on') },
                { value: 'off', label: t('connectors.form.off') },
              ]}
              aria-label={common.label}
            />
          </div>
        </Input.Wrapper>
      );
    case 'select':
      return (
        <Select
          {...common}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(next) => set(next ?? '')}
          data={field.options.map((entry) => ({ value: entry, label: option(entry) }))}
          clearable={!field.required && field.defaultValue === undefined}
          allowDeselect={false}
        />
      );
    case 'group':
      return (
        <Fieldset legend={common.label} variant="filled" radius="md">
          {common.description && (
            <Text size="xs" c="dimmed" mb="sm">
              {common.description}
            </Text>
          )}
          <ConfigFieldsEditor fields={field.fields} value={root} root={root} prefix={path} onChange={onChange} errors={errors} />
        </Fieldset>
      );
    case 'list': {
      const items = Array.isArray(value) ? (value as FormState[]) : [];
      return (
        <Input.Wrapper label={common.label} description={common.description} error={common.error} required={field.required}>
          <Stack gap="sm" mt={6}>
            {items.map((_, index) => (
              <Fieldset
                key={index}
                radius="md"
                legend={
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {t('connectors.form.entry', { number: index + 1 })}
                    </Text>
                    {items.length > field.minItems && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        onClick={() => set(items.filter((__, position) => position !== index))}
                        aria-label={t('connectors.form.remove_entry', { number: index + 1 })}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                }
              >
                <ConfigFieldsEditor fields={field.fields} value={root} root={root} prefix={`${path}.${index}`} onChange={onChange} errors={errors} />
              </Fieldset>
            ))}
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              onClick={() => set([...items, newListItem(field.fields)])}
              w="fit-content"
            >
              {t('general.add_another')}
            </Button>
          </Stack>
        </Input.Wrapper>
      );
    }
    case 'map': {
      const rows = Array.isArray(value) ? (value as MapRow[]) : [];
      const update = (index: number, change: Partial<MapRow>) => set(rows.map((row, position) => (position === index ? { ...row, ...change } : row)));
      return (
        <Input.Wrapper label={common.label} description={common.description} error={common.error}>
          <Stack gap={6} mt={6}>
            {rows.map((row, index) => (
              <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                {mapColumns.map(([part, label, flex]) => {
                  const input = {
                    value: row[part],
                    onChange: (event: ChangeEvent<HTMLInputElement>) => update(index, { [part]: event.currentTarget.value }),
                    placeholder: t(label),
                    'aria-label': `${common.label} ${t(label)} ${index + 1}`,
                    dir: 'ltr',
                    style: { flex },
                  } as const;
                  // A header's value (an API key, say) is typed unseen, as the Authorization header is.
                  return part === 'value' && isSecretMapValue(field, row.key) ? (
                    <PasswordInput key={part} {...input} autoComplete="new-password" />
                  ) : (
                    <TextInput key={part} {...input} />
                  );
                })}
                <ActionIcon variant="subtle" color="gray" mt={6} onClick={() => set(rows.filter((_, position) => position !== index))} aria-label={t('general.remove')}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} />} onClick={() => set([...rows, { key: '', value: '' }])} w="fit-content">
              {t('connectors.form.add_row')}
            </Button>
          </Stack>
        </Input.Wrapper>
      );
    }
    case 'json':
      return (
        <JsonInput
          {...common}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => set(next)}
          autosize
          minRows={3}
          maxRows={16}
          formatOnBlur
          // Without it, JSON that does not parse only turns the input red once it loses focus.
          validationError={t('connectors.form.invalid_json')}
          placeholder="{ }"
          dir="ltr"
        />
      );
    case 'fixed':
      return null;
  }
};

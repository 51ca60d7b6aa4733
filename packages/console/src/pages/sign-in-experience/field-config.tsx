import { ActionIcon, Button, Checkbox, Group, Input, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { customProfileTextMaxLength, dateFormats } from '@gatehouse/schemas';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { NumberField, OptionalTextField, SelectField, SwitchField } from '../../components/form.js';
import type { FieldForm } from './field-form.js';

type NumberKey = 'minLength' | 'maxLength' | 'minValue' | 'maxValue';

/** The field form of the editor page, with its errors. */
const useFieldForm = () => {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<FieldForm>();
  return { control, register, errors };
};

/** A length limit (a whole number up to the schema's maximum) or a value limit. */
const LimitField = ({ name, label, whole }: { name: NumberKey; label: string; whole: boolean }) => {
  const { control } = useFieldForm();
  return (
    <NumberField
      control={control}
      name={`config.${name}`}
      label={label}
      allowDecimal={!whole}
      allowNegative={!whole}
      {...(whole && { min: 0, max: customProfileTextMaxLength })}
    />
  );
};

const Placeholder = () => {
  const { t } = useTranslation();
  const { control } = useFieldForm();
  return (
    <OptionalTextField
      control={control}
      name="config.placeholder"
      label={t('sign_in_exp.field_config.placeholder')}
      description={t('sign_in_exp.field_config.placeholder_description')}
    />
  );
};

/** The settings of the field's type, with the schema's rules (lengths, ranges, formats, options, parts). */
export const FieldConfig = () => {
  const { t } = useTranslation();
  const { control, register, errors } = useFieldForm();
  const type = useWatch({ control, name: 'type' });
  const format = useWatch({ control, name: 'config.format' });

  switch (type) {
    case 'Text':
      return (
        <Stack>
          <Placeholder />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LimitField name="minLength" label={t('sign_in_exp.field_config.min_length')} whole />
            <LimitField name="maxLength" label={t('sign_in_exp.field_config.max_length')} whole />
          </SimpleGrid>
        </Stack>
      );
    case 'Number':
      return (
        <Stack>
          <Placeholder />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LimitField name="minValue" label={t('sign_in_exp.field_config.min_value')} whole={false} />
            <LimitField name="maxValue" label={t('sign_in_exp.field_config.max_value')} whole={false} />
          </SimpleGrid>
        </Stack>
      );
    case 'Date':
      return (
        <Stack>
          <Placeholder />
          <SelectField
            control={control}
            name="config.format"
            label={t('sign_in_exp.field_config.date_format')}
            data={dateFormats.map((value) => ({ value, label: value === 'custom' ? t('sign_in_exp.field_config.date_custom') : value }))}
            comboboxProps={{ withinPortal: true }}
            maw={320}
          />
          {format === 'custom' && (
            <OptionalTextField
              control={control}
              name="config.customFormat"
              label={t('sign_in_exp.field_config.custom_format')}
              description={t('sign_in_exp.field_config.custom_format_description')}
              required
              dir="ltr"
            />
          )}
        </Stack>
      );
    case 'Checkbox':
      return <OptionsField />;
    case 'Select':
      return (
        <Stack>
          <Placeholder />
          <OptionsField />
        </Stack>
      );
    case 'Url':
      return <Placeholder />;
    case 'Regex':
      return (
        <Stack>
          <Placeholder />
          <TextInput
            label={t('sign_in_exp.field_config.regex')}
            description={t('sign_in_exp.field_config.regex_description')}
            required
            dir="ltr"
            ff="monospace"
            placeholder="[A-Z]{2}\d{6}"
            {...register('config.format')}
            error={errors.config?.format?.message}
          />
        </Stack>
      );
    case 'Address':
    case 'Fullname':
      return <PartsField />;
  }
};

/** Label and stored value of each choice of a Checkbox or Select field. */
const OptionsField = () => {
  const { t } = useTranslation();
  const { control, register, errors } = useFieldForm();
  const options = useFieldArray({ control, name: 'config.options' });
  const listError = errors.config?.options as (FieldError & { root?: FieldError }) | undefined;
  return (
    <Input.Wrapper label={t('sign_in_exp.field_config.options')} description={t('sign_in_exp.field_config.options_description')} error={listError?.message ?? listError?.root?.message} required>
      <Stack gap="xs" mt={6}>
        {options.fields.map((option, index) => (
          <Group key={option.id} gap="sm" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t('sign_in_exp.field_config.option_label', { index: index + 1 })}
              placeholder={t('sign_in_exp.field_config.option_label_placeholder')}
              style={{ flex: 1 }}
              {...register(`config.options.${index}.label`)}
              error={errors.config?.options?.[index]?.label?.message}
            />
            <TextInput
              aria-label={t('sign_in_exp.field_config.option_value', { index: index + 1 })}
              placeholder={t('sign_in_exp.field_config.option_value_placeholder')}
              dir="ltr"
              style={{ flex: 1 }}
              {...register(`config.options.${index}.value`)}
              error={errors.config?.options?.[index]?.value?.message}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={6}
              disabled={options.fields.length === 1}
              onClick={() => options.remove(index)}
              aria-label={t('sign_in_exp.field_config.option_remove', { index: index + 1 })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="subtle" size="compact-sm" w="fit-content" leftSection={<IconPlus size={14} />} onClick={() => options.append({ label: '', value: '' })}>
          {t('sign_in_exp.field_config.option_add')}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
};

/** Which parts of an address or full name are asked, with their labels and whether each is required. */
const PartsField = () => {
  const { t } = useTranslation();
  const { control, register, errors } = useFieldForm();
  const parts = useFieldArray({ control, name: 'config.parts' });
  const values = useWatch({ control, name: 'config.parts' }) ?? [];
  return (
    <Input.Wrapper label={t('sign_in_exp.field_config.parts')} description={t('sign_in_exp.field_config.parts_description')}>
      <Stack gap="xs" mt={6}>
        {parts.fields.map((part, index) => {
          const partName = t(`sign_in_exp.field_part.${part.name}` as 'sign_in_exp.field_part.givenName');
          const enabled = values[index]?.enabled ?? part.enabled;
          return (
            <Paper key={part.id} withBorder p="xs" radius="md">
              <Group gap="md" wrap="wrap" align="center">
                <SwitchField control={control} name={`config.parts.${index}.enabled`} label={partName} w={180} />
                <TextInput
                  aria-label={t('sign_in_exp.field_config.part_label', { part: partName })}
                  placeholder={partName}
                  disabled={!enabled}
                  style={{ flex: 1, minWidth: 160 }}
                  {...register(`config.parts.${index}.label`)}
                  error={errors.config?.parts?.[index]?.label?.message}
                />
                <Controller
                  control={control}
                  name={`config.parts.${index}.required`}
                  render={({ field }) => (
                    <Checkbox
                      checked={Boolean(field.value)}
                      disabled={!enabled}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                      label={t('sign_in_exp.field_config.part_required')}
                    />
                  )}
                />
              </Group>
            </Paper>
          );
        })}
        {errors.config?.parts?.message && (
          <Text size="sm" c="red">
            {errors.config.parts.message}
          </Text>
        )}
      </Stack>
    </Input.Wrapper>
  );
};

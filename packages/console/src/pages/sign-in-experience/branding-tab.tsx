import { Button, ColorInput, Group, SimpleGrid, Stack } from '@mantine/core';
import { deriveDarkPrimaryColor, hexColorPattern } from '@gatehouse/schemas';
import { useRef } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormSection, OptionalTextField, SelectField, SwitchField } from '../../components/form.js';
import { languageOptions } from '../../lib/languages.js';
import { followDarkColor, type Draft } from './draft.js';

const logoFields = [
  { name: 'branding.logoUrl', label: 'sign_in_exp.branding.logo', dark: false },
  { name: 'branding.darkLogoUrl', label: 'sign_in_exp.branding.dark_logo', dark: true },
  { name: 'branding.favicon', label: 'sign_in_exp.branding.favicon', dark: false },
  { name: 'branding.darkFavicon', label: 'sign_in_exp.branding.dark_favicon', dark: true },
] as const;

/** Colours, logos and favicons, and the language of the sign-in pages. */
export const BrandingTab = () => {
  const { t } = useTranslation();
  const {
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<Draft>();
  const darkMode = useWatch({ control, name: 'color.isDarkModeEnabled' });
  const primaryColor = useWatch({ control, name: 'color.primaryColor' });
  const autoDetect = useWatch({ control, name: 'languageInfo.autoDetect' });
  /** The last complete primary colour, for a dark colour that follows it while being typed. */
  const lastPrimary = useRef(getValues('color.primaryColor'));
  const derivedDark = hexColorPattern.test(primaryColor) ? deriveDarkPrimaryColor(primaryColor) : undefined;

  return (
    <Stack>
      <FormSection title={t('sign_in_exp.branding.colors')} description={t('sign_in_exp.branding.colors_description')}>
        <Controller
          control={control}
          name="color.primaryColor"
          render={({ field }) => (
            <ColorInput
              label={t('sign_in_exp.branding.primary_color')}
              value={field.value}
              onChange={(next) => {
                const previous = getValues('color.primaryColor');
                const base = hexColorPattern.test(previous) ? previous : lastPrimary.current;
                field.onChange(next);
                if (hexColorPattern.test(next)) {
                  lastPrimary.current = next;
                  setValue('color.darkPrimaryColor', followDarkColor(base, next, getValues('color.darkPrimaryColor')), { shouldDirty: true });
                }
              }}
              onBlur={field.onBlur}
              format="hex"
              fixOnBlur={false}
              error={errors.color?.primaryColor?.message}
              maw={320}
              dir="ltr"
            />
          )}
        />
        <SwitchField
          control={control}
          name="color.isDarkModeEnabled"
          label={t('sign_in_exp.branding.dark_mode')}
          description={t('sign_in_exp.branding.dark_mode_description')}
        />
        {darkMode && (
          <Group align="flex-end" gap="sm">
            <Controller
              control={control}
              name="color.darkPrimaryColor"
              render={({ field }) => (
                <ColorInput
                  label={t('sign_in_exp.branding.dark_primary_color')}
                  description={derivedDark && t('sign_in_exp.branding.dark_primary_color_description', { color: derivedDark })}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  format="hex"
                  fixOnBlur={false}
                  error={errors.color?.darkPrimaryColor?.message}
                  w={320}
                  maw="100%"
                  dir="ltr"
                />
              )}
            />
            <Button
              variant="default"
              disabled={!derivedDark}
              onClick={() => derivedDark && setValue('color.darkPrimaryColor', derivedDark, { shouldDirty: true, shouldValidate: true })}
            >
              {t('sign_in_exp.branding.use_derived')}
            </Button>
          </Group>
        )}
      </FormSection>

      <FormSection title={t('sign_in_exp.branding.logos')} description={t('sign_in_exp.branding.logos_description')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {logoFields
            .filter((entry) => darkMode || !entry.dark)
            .map((entry) => (
              <OptionalTextField key={entry.name} control={control} name={entry.name} label={t(entry.label)} placeholder="https://…" dir="ltr" />
            ))}
        </SimpleGrid>
      </FormSection>

      <FormSection title={t('sign_in_exp.branding.language')} description={t('sign_in_exp.branding.language_description')}>
        <SwitchField
          control={control}
          name="languageInfo.autoDetect"
          label={t('sign_in_exp.branding.auto_detect')}
          description={t('sign_in_exp.branding.auto_detect_description')}
        />
        <SelectField
          control={control}
          name="languageInfo.fallbackLanguage"
          label={autoDetect ? t('sign_in_exp.branding.fallback_language') : t('sign_in_exp.branding.fixed_language')}
          description={autoDetect ? t('sign_in_exp.branding.fallback_language_description') : undefined}
          searchable
          data={languageOptions()}
          maw={320}
          comboboxProps={{ withinPortal: true }}
        />
      </FormSection>
    </Stack>
  );
};

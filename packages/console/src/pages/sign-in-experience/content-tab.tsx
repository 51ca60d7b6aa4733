import { Radio, Select, SimpleGrid, Stack, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import { agreeToTermsPolicies, type CustomContent } from '@gatehouse/schemas';
import { useState } from 'react';
import { Controller, useFormContext, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormSection } from '../../components/form.js';
import { emptyToNull } from '../../lib/forms.js';
import { CustomPhrasesSection } from './custom-phrases.js';
import type { Draft } from './draft.js';

/** The pages the hosted sign-in shows custom content on (their `customContent` keys). */
const contentPages = ['/sign-in', '/register', '/forgot-password', '/continue', '/consent', '/unknown-session'] as const;

const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)', direction: 'ltr' as const } };

type OptionalTextPart = 'termsOfUseUrl' | 'privacyPolicyUrl' | 'supportEmail' | 'supportWebsiteUrl' | 'unknownSessionRedirectUrl';

/** A link or address of the draft, written left to right; left empty, it is none (null). */
const OptionalText = ({ name, ...props }: { name: OptionalTextPart } & Omit<TextInputProps, 'name' | 'error' | 'dir'>) => {
  const {
    register,
    formState: { errors },
  } = useFormContext<Draft>();
  return <TextInput {...props} dir="ltr" {...register(name, { setValueAs: emptyToNull })} error={errors[name]?.message} />;
};

/** Terms, support links, custom content and CSS of the sign-in pages, and their custom phrases. */
export const ContentTab = () => {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<Draft>();
  return (
    <Stack>
      <FormSection title={t('sign_in_exp.content.terms')} description={t('sign_in_exp.content.terms_description')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <OptionalText name="termsOfUseUrl" label={t('sign_in_exp.content.terms_url')} placeholder="https://…" />
          <OptionalText name="privacyPolicyUrl" label={t('sign_in_exp.content.privacy_url')} placeholder="https://…" />
        </SimpleGrid>
        <Controller
          control={control}
          name="agreeToTermsPolicy"
          render={({ field }) => (
            <Radio.Group label={t('sign_in_exp.content.agreement')} value={field.value} onChange={field.onChange}>
              <Stack gap="sm" mt="xs">
                {agreeToTermsPolicies.map((policy) => (
                  <Radio key={policy} value={policy} label={t(`sign_in_exp.content.agreement_${policy}`)} description={t(`sign_in_exp.content.agreement_${policy}_description`)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
      </FormSection>

      <FormSection title={t('sign_in_exp.content.support')} description={t('sign_in_exp.content.support_description')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <OptionalText name="supportEmail" label={t('sign_in_exp.content.support_email')} type="email" />
          <OptionalText name="supportWebsiteUrl" label={t('sign_in_exp.content.support_website')} placeholder="https://…" />
        </SimpleGrid>
        <OptionalText
          name="unknownSessionRedirectUrl"
          label={t('sign_in_exp.content.unknown_session_url')}
          description={t('sign_in_exp.content.unknown_session_url_description')}
          placeholder="https://…"
        />
      </FormSection>

      <FormSection title={t('sign_in_exp.content.custom_content')} description={t('sign_in_exp.content.custom_content_description')}>
        <Controller
          control={control}
          name="customContent"
          render={({ field }) => (
            <CustomContentField value={field.value} onChange={field.onChange} error={(errors.customContent as FieldError | undefined)?.message} />
          )}
        />
      </FormSection>

      <FormSection title={t('sign_in_exp.content.custom_css')} description={t('sign_in_exp.content.custom_css_description')}>
        <Textarea
          label={t('sign_in_exp.content.custom_css_label')}
          autosize
          minRows={6}
          maxRows={24}
          spellCheck={false}
          placeholder=".card { border-radius: 4px; }"
          styles={monospace}
          {...register('customCss', { setValueAs: emptyToNull })}
          error={errors.customCss?.message}
        />
      </FormSection>

      <CustomPhrasesSection />
    </Stack>
  );
};

/** The HTML shown below one page at a time; entries for other paths (set through the API) are kept. */
const CustomContentField = ({ value, onChange, error }: { value: CustomContent; onChange: (value: CustomContent) => void; error?: string | undefined }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState<string>(contentPages[0]);
  return (
    <Stack gap="xs">
      <Select
        label={t('sign_in_exp.content.page')}
        value={page}
        onChange={(next) => next && setPage(next)}
        allowDeselect={false}
        data={contentPages.map((path) => ({ value: path, label: value[path] ? t('sign_in_exp.content.page_with_content', { page: path }) : path }))}
        w={280}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={t('sign_in_exp.content.html_for', { page })}
        autosize
        minRows={4}
        maxRows={16}
        spellCheck={false}
        styles={monospace}
        value={value[page] ?? ''}
        onChange={(event) => {
          const { [page]: _removed, ...rest } = value;
          const html = event.currentTarget.value;
          onChange(html ? { ...rest, [page]: html } : rest);
        }}
        error={error}
      />
    </Stack>
  );
};

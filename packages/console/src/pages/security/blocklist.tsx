import { emailBlocklistPolicySchema, type SignInExperience } from '@gatehouse/schemas';
import { useTranslation } from 'react-i18next';

import { FormSection, SaveForm, SwitchField } from '../../components/form.js';
import { EntryListField } from './entry-list-field.js';
import { useSignInExperiencePartForm } from './part-form.js';

const entrySchema = emailBlocklistPolicySchema.shape.customBlocklist.unwrap().element;

/** `security/blocklist`: which email addresses may not register or be linked (`emailBlocklistPolicy`). */
export const BlocklistTab = ({ experience }: { experience: SignInExperience }) => {
  const { t } = useTranslation();
  const { form, formProps } = useSignInExperiencePartForm(experience, 'emailBlocklistPolicy', emailBlocklistPolicySchema);

  return (
    <SaveForm {...formProps}>
      <FormSection title={t('security.blocklist.title')} description={t('security.blocklist.description')}>
        {(
          [
            ['blockDisposableAddresses', 'security.blocklist.disposable', 'security.blocklist.disposable_hint'],
            ['blockSubaddressing', 'security.blocklist.subaddressing', 'security.blocklist.subaddressing_hint'],
          ] as const
        ).map(([name, label, hint]) => (
          <SwitchField key={name} control={form.control} name={name} label={t(label)} description={t(hint)} />
        ))}
        <EntryListField
          control={form.control}
          name="customBlocklist"
          entrySchema={entrySchema}
          invalidMessage={(entry) => t('security.blocklist.invalid_entry', { entry })}
          label={t('security.blocklist.custom')}
          description={t('security.blocklist.custom_hint')}
          placeholder="@example.com"
          splitChars={[',', ' ', ';', '\n']}
          dir="ltr"
        />
      </FormSection>
    </SaveForm>
  );
};

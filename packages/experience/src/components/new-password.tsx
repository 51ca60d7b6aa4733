import type { ExperienceConfig } from '@gatehouse/schemas';
import type { RefObject } from 'preact';

import { t } from '../lib/i18n.js';
import { checkPasswordPolicy } from '../lib/password-policy.js';
import type { PhraseKey } from '../locales/en.js';
import { PasswordField } from './form.js';

type Policy = ExperienceConfig['passwordPolicy'];

/** The policy as a short list under the password label. */
export const PasswordHint = ({ policy }: { policy: Policy }) => (
  <ul class="policy">
    <li>{t('password.hint_length', { min: policy.length.min })}</li>
    {policy.characterTypes.min > 1 && <li>{t('password.hint_types', { min: policy.characterTypes.min })}</li>}
  </ul>
);

const problemPhrases: Record<string, PhraseKey> = {
  too_short: 'errors.password_too_short',
  too_long: 'errors.password_too_long',
  character_types: 'errors.password_character_types',
};

/** Field errors for a new password and its confirmation, before asking the server. */
export const checkNewPassword = (password: string, confirm: string, policy: Policy): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  if (!password) {
    errors.password = [t('errors.required')];
  } else {
    const problems = checkPasswordPolicy(password, policy).map((problem) =>
      t(problemPhrases[problem.code]!, { min: 'min' in problem ? problem.min : 0, max: 'max' in problem ? problem.max : 0 }),
    );
    if (problems.length > 0) {
      errors.password = problems;
    }
  }
  if (password && confirm !== password) {
    errors.confirm = [t('errors.passwords_mismatch')];
  }
  return errors;
};

/** A new password (with the policy as hint) and its confirmation. */
export const NewPasswordFields = ({
  policy,
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
  label = t('field.password'),
  inputRef,
}: {
  policy: Policy;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: Record<string, string[]>;
  label?: string;
  inputRef?: RefObject<HTMLInputElement | null>;
}) => (
  <>
    <PasswordField
      label={label}
      name="new-password"
      autoComplete="new-password"
      value={password}
      onValue={onPassword}
      errors={errors.password}
      hint={<PasswordHint policy={policy} />}
      inputRef={inputRef}
    />
    <PasswordField
      label={t('field.confirm_password')}
      name="confirm-password"
      autoComplete="new-password"
      value={confirm}
      onValue={onConfirm}
      errors={errors.confirm}
    />
  </>
);

import { useRef, useState } from 'preact/hooks';

import { useApp } from './app-context.js';
import { Button, FormAlert, useAsyncAction, useAutoFocus, useErrorFocus, useFormErrors } from './form.js';
import { checkNewPassword, NewPasswordFields } from './new-password.js';
import { Page } from './page.js';

/**
 * A page that asks for a new password (and its confirmation), checks it against the policy, then
 * hands it to `save`. Used for a password reset and for a password the server refused at sign-up.
 */
export const ChoosePasswordPage = ({
  title,
  fieldLabel,
  submitLabel,
  messages = [],
  save,
}: {
  title: string;
  fieldLabel?: string;
  submitLabel: string;
  /** Messages to show on the password field until the user tries again. */
  messages?: string[];
  save: (password: string) => Promise<void>;
}) => {
  const { config } = useApp();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, run } = useAsyncAction();
  const { errors, setErrors, fail } = useFormErrors({ password: 'password', value: 'password' });
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useAutoFocus<HTMLInputElement>();
  useErrorFocus(formRef, errors);
  const shown = errors.fields.password || errors.fields.confirm || errors.form || messages.length === 0 ? errors : { fields: { password: messages } };
  return (
    <Page title={title}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const fields = checkNewPassword(password, confirm, config.passwordPolicy);
          if (Object.keys(fields).length > 0) {
            setErrors({ fields });
            return;
          }
          void run(() => save(password), fail);
        }}
      >
        <FormAlert message={shown.form} />
        <NewPasswordFields
          {...(fieldLabel ? { label: fieldLabel } : {})}
          policy={config.passwordPolicy}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={shown.fields}
          inputRef={inputRef}
        />
        <Button busy={busy}>{submitLabel}</Button>
      </form>
    </Page>
  );
};

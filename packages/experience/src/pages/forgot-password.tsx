import { useRef, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { ChoosePasswordPage } from '../components/choose-password.js';
import { CodeStep, useCodeStep } from '../components/code-step.js';
import {
  Button,
  FormAlert,
  PageLink,
  useAsyncAction,
  useAutoFocus,
  useErrorFocus,
  useFormErrors,
} from '../components/form.js';
import { IdentifierField, toApiIdentifier, usePhoneCountry, whenPhoneReady } from '../components/identifier-field.js';
import { Page } from '../components/page.js';
import { api, isApiError } from '../lib/api.js';
import { startFlow, submitInteraction } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import {
  type IdentifierType,
  detectIdentifierType,
  identifierFieldText,
  identifierLabelKey,
  matchIdentifierType,
} from '../lib/identifier.js';
import { prefill } from '../lib/prefill.js';
import type { PhraseKey } from '../locales/en.js';

const descriptions: Record<string, PhraseKey> = {
  email: 'forgot.description_email',
  phone: 'forgot.description_phone',
  'email,phone': 'forgot.description_email_or_phone',
};

/**
 * Password reset: start ForgotPassword, send a code to the email or phone, verify it, identify
 * with it, set the new password (`PUT /profile/password`), submit. The server then sends the
 * browser back to the sign-in page with `?passwordReset=1`. When no account uses the address, the
 * page goes back to it with the reason, and offers to create the account.
 */
export default function ForgotPasswordPage() {
  const { config, language } = useApp();
  const types: IdentifierType[] = [
    ...(config.forgotPassword.email ? (['email'] as const) : []),
    ...(config.forgotPassword.phone ? (['phone'] as const) : []),
  ];
  // The code step has a history entry of its own and survives a reload.
  const codeStep = useCodeStep('/forgot-password');
  const { pending } = codeStep;
  /** The verification the user was identified with: the new password is next. */
  const [identified, setIdentified] = useState<string>();
  /** No account uses the address the code went to: offer to create one. */
  const [noAccount, setNoAccount] = useState(false);
  // What was typed on the sign-in page; else, after a reload, the address of the code step.
  const [value, setValue] = useState(
    (prefill.identifier && types.includes(detectIdentifierType(prefill.identifier)) ? prefill.identifier : undefined) ??
      (codeStep.saved && identifierFieldText(codeStep.saved.identifier)) ??
      '',
  );
  const phoneCountry = usePhoneCountry();
  const { busy, run } = useAsyncAction();
  const { errors, setErrors, fail, clear } = useFormErrors({ identifier: 'identifier', email: 'identifier', phone: 'identifier' });
  const formRef = useRef<HTMLFormElement>(null);
  // Back from the code step, the address has the focus again.
  const inputRef = useAutoFocus<HTMLInputElement>(true, Boolean(pending));
  useErrorFocus(formRef, errors);
  const label = t(identifierLabelKey(types));

  if (pending && identified !== pending.verificationId) {
    return (
      <CodeStep
        {...codeStep.stepProps(pending)}
        onVerified={async (verificationId) => {
          try {
            await api.identify({ verificationId });
          } catch (error) {
            if (!isApiError(error, 'user.identifier_not_registered')) {
              throw error;
            }
            // Nothing to reset: back to the address (a new code would not help), with the reason.
            setValue(identifierFieldText(pending.identifier));
            setNoAccount(true);
            setErrors({ fields: { identifier: [error.message] } });
            codeStep.abandon();
            return;
          }
          setIdentified(verificationId);
        }}
      />
    );
  }

  if (pending) {
    return (
      <ChoosePasswordPage
        title={t('forgot.new_password_title')}
        fieldLabel={t('field.new_password')}
        submitLabel={t('forgot.submit')}
        save={async (password) => {
          await api.resetPassword(password);
          await submitInteraction();
        }}
      />
    );
  }

  if (noAccount) {
    // The registration page starts with the address.
    prefill.newAccount = value;
  }

  const backToSignIn = (
    <p class="switch-page">
      <PageLink to="/sign-in">{t('action.back_to_sign_in')}</PageLink>
    </p>
  );

  if (types.length === 0) {
    return (
      <Page title={t('forgot.title')} contentKey="/forgot-password">
        <p>{t('forgot.unavailable')}</p>
        {backToSignIn}
      </Page>
    );
  }

  return (
    <Page title={t('forgot.title')} description={t(descriptions[types.join(',')]!)} contentKey="/forgot-password">
      <form
        ref={formRef}
        noValidate
        onSubmit={function onSubmit(event?: Event) {
          event?.preventDefault();
          const typed = value.trim() ? matchIdentifierType(value, types) : undefined;
          // A phone number submitted before the phone module arrived: again once it is there.
          if (!whenPhoneReady(typed, () => onSubmit(), fail)) {
            return;
          }
          const identifierValue = typed && toApiIdentifier(typed, value, phoneCountry.chosen, language);
          if (!typed || typed === 'username' || identifierValue === undefined) {
            setErrors({ fields: { identifier: [t(value.trim() ? 'errors.invalid_identifier' : 'errors.required', { label })] } });
            return;
          }
          clear();
          setNoAccount(false);
          const identifier = { type: typed, value: identifierValue };
          void run(async () => {
            await startFlow('ForgotPassword');
            const { verificationId } = await api.sendCode(identifier);
            codeStep.open(identifier, verificationId);
          }, fail);
        }}
      >
        <FormAlert message={errors.form} />
        <IdentifierField
          label={label}
          name="username"
          types={types}
          country={phoneCountry.chosen}
          onCountry={phoneCountry.choose}
          value={value}
          onValue={setValue}
          autoCapitalize="off"
          autoCorrect="off"
          spellcheck={false}
          errors={errors.fields.identifier}
          inputRef={inputRef}
        />
        {noAccount && config.signInMode !== 'SignIn' && (
          <p class="aside">
            {t('sign_in.no_account')} <PageLink to="/register">{t('sign_in.create_account')}</PageLink>
          </p>
        )}
        <Button busy={busy}>{t('forgot.send_code')}</Button>
      </form>
      {backToSignIn}
    </Page>
  );
}

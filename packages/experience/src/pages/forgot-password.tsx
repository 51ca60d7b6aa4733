import { useRef, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { ChoosePasswordPage } from '../components/choose-password.js';
import { type CodeIdentifier, CodeStep } from '../components/code-step.js';
import {
  Button,
  Field,
  FormAlert,
  PageLink,
  useAsyncAction,
  useAutoFocus,
  useErrorFocus,
  useFormErrors,
} from '../components/form.js';
import { Page } from '../components/page.js';
import { api } from '../lib/api.js';
import { startFlow, submitInteraction } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import {
  type IdentifierType,
  detectIdentifierType,
  identifierInputProps,
  identifierLabelKey,
  isValidIdentifier,
  matchIdentifierType,
  normalizeIdentifier,
} from '../lib/identifier.js';
import { prefill } from '../lib/prefill.js';
import type { PhraseKey } from '../locales/en.js';

type Step = { kind: 'form' } | { kind: 'code'; identifier: CodeIdentifier; verificationId: string } | { kind: 'password' };

const descriptions: Record<string, PhraseKey> = {
  email: 'forgot.description_email',
  phone: 'forgot.description_phone',
  'email,phone': 'forgot.description_email_or_phone',
};

/**
 * Password reset: start ForgotPassword, send a code to the email or phone, verify it, identify
 * with it, set the new password (`PUT /profile/password`), submit. The server then sends the
 * browser back to the sign-in page with `?passwordReset=1`.
 */
export default function ForgotPasswordPage() {
  const { config } = useApp();
  const types: IdentifierType[] = [
    ...(config.forgotPassword.email ? (['email'] as const) : []),
    ...(config.forgotPassword.phone ? (['phone'] as const) : []),
  ];
  const initial = prefill.identifier && types.includes(detectIdentifierType(prefill.identifier)) ? prefill.identifier : '';
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [value, setValue] = useState(initial);
  const { busy, run } = useAsyncAction();
  const { errors, setErrors, fail, clear } = useFormErrors({ identifier: 'identifier', email: 'identifier', phone: 'identifier' });
  const formRef = useRef<HTMLFormElement>(null);
  // Back from the code step, the address has the focus again.
  const inputRef = useAutoFocus<HTMLInputElement>(true, step.kind);
  useErrorFocus(formRef, errors);
  const label = t(identifierLabelKey(types));

  if (step.kind === 'code') {
    return (
      <CodeStep
        identifier={step.identifier}
        verificationId={step.verificationId}
        onVerified={async (verificationId) => {
          await api.identify({ verificationId });
          setStep({ kind: 'password' });
        }}
        onBack={() => setStep({ kind: 'form' })}
      />
    );
  }

  if (step.kind === 'password') {
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
        onSubmit={(event) => {
          event.preventDefault();
          const typed = value.trim() ? matchIdentifierType(value, types) : undefined;
          if (!typed || typed === 'username' || !isValidIdentifier(typed, value)) {
            setErrors({ fields: { identifier: [t(value.trim() ? 'errors.invalid_identifier' : 'errors.required', { label })] } });
            return;
          }
          clear();
          const identifier = { type: typed, value: normalizeIdentifier(typed, value) };
          void run(async () => {
            await startFlow('ForgotPassword');
            const { verificationId } = await api.sendCode(identifier);
            setStep({ kind: 'code', identifier, verificationId });
          }, fail);
        }}
      >
        <FormAlert message={errors.form} />
        <Field
          label={label}
          name="username"
          value={value}
          onValue={setValue}
          {...identifierInputProps(types)}
          autoCapitalize="off"
          autoCorrect="off"
          spellcheck={false}
          errors={errors.fields.identifier}
          inputRef={inputRef}
        />
        <Button busy={busy}>{t('forgot.send_code')}</Button>
      </form>
      {backToSignIn}
    </Page>
  );
}

import { useRef, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { ChoosePasswordPage } from '../components/choose-password.js';
import { type CodeIdentifier, CodeStep } from '../components/code-step.js';
import {
  BackAction,
  Button,
  Field,
  FormAlert,
  PageLink,
  Trans,
  useAsyncAction,
  useAutoFocus,
  useErrorFocus,
  useFormErrors,
} from '../components/form.js';
import { NewPasswordFields, checkNewPassword } from '../components/new-password.js';
import { Page } from '../components/page.js';
import { Divider, SocialButtons } from '../components/social.js';
import { Terms } from '../components/terms.js';
import { api, isApiError } from '../lib/api.js';
import { startFlow, submitInteraction } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import {
  identifierInputProps,
  identifierLabelKey,
  isValidIdentifier,
  matchIdentifierType,
  normalizeIdentifier,
} from '../lib/identifier.js';
import { prefill } from '../lib/prefill.js';
import { agreeToTermsFor, termsDisplay } from '../lib/terms.js';

type Step =
  | { kind: 'form' }
  | { kind: 'code'; identifier: CodeIdentifier; verificationId: string }
  /** Identified, but the server refused the password: choose another one. */
  | { kind: 'password'; messages: string[] }
  /** The code was right but an account already has that email or phone: offer to sign in to it. */
  | { kind: 'existing'; identifier: CodeIdentifier; verificationId: string };

const errorFields = {
  identifier: 'identifier',
  username: 'identifier',
  email: 'identifier',
  phone: 'identifier',
  password: 'password',
  value: 'password',
  terms: 'terms',
};

/**
 * Registration. By username: start, identify with the new username, set the password, submit. By
 * email or phone: start, send a code, verify it, identify with the verified code, set the password
 * (when the tenant uses passwords), submit.
 */
export default function RegisterPage() {
  const { config } = useApp();
  const { signUp } = config;
  const types = signUp.identifiers;
  const terms = termsDisplay(config, 'register');

  const [step, setStep] = useState<Step>({ kind: 'form' });
  // The app's login_hint, when it is something this tenant registers with (an email for an email sign-up).
  const hint = config.interaction?.loginHint;
  const [value, setValue] = useState(hint && matchIdentifierType(hint, types) ? hint : '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { busy, run } = useAsyncAction();
  const { errors, setErrors, fail, clear } = useFormErrors(errorFields);
  const formRef = useRef<HTMLFormElement>(null);
  // Back from a later step, the first field has the focus again.
  const firstRef = useAutoFocus<HTMLInputElement>(true, step.kind);
  useErrorFocus(formRef, errors);

  const agreeToTerms = agreeToTermsFor(terms, agreed);
  const label = t(identifierLabelKey(types));

  /** Sets the password (if any) and submits; a refused password opens the password step. */
  const completeProfile = async (passwordToSet: string, afterCode: boolean) => {
    if (signUp.password) {
      try {
        await api.updateProfile({ type: 'password', value: passwordToSet });
      } catch (error) {
        if (afterCode && isApiError(error, 'password.rejected')) {
          setStep({ kind: 'password', messages: [error.message, ...error.details.map((detail) => detail.message)] });
          return;
        }
        throw error;
      }
    }
    await submitInteraction(agreeToTerms);
  };

  const onSubmit = (event: Event) => {
    event.preventDefault();
    const typed = value.trim() ? matchIdentifierType(value, types) : undefined;
    const fields: Record<string, string[]> = signUp.password ? checkNewPassword(password, confirm, config.passwordPolicy) : {};
    if (!value.trim()) {
      fields.identifier = [t('errors.required')];
    } else if (!typed || !isValidIdentifier(typed, value)) {
      fields.identifier = [t('errors.invalid_identifier', { label })];
    }
    if (terms === 'checkbox' && !agreed) {
      fields.terms = [t('errors.agree_terms')];
    }
    if (Object.keys(fields).length > 0 || !typed) {
      setErrors({ fields });
      return;
    }
    clear();
    const identifierValue = normalizeIdentifier(typed, value);
    void run(async () => {
      await startFlow('Register');
      if (typed === 'username') {
        await api.identify({ identifier: { type: 'username', value: identifierValue } });
        await completeProfile(password, false);
        return;
      }
      const identifier = { type: typed, value: identifierValue };
      const { verificationId } = await api.sendCode(identifier);
      setStep({ kind: 'code', identifier, verificationId });
    }, fail);
  };

  if (step.kind === 'code') {
    return (
      <CodeStep
        identifier={step.identifier}
        verificationId={step.verificationId}
        onVerified={async (verificationId) => {
          try {
            await api.identify({ verificationId });
          } catch (error) {
            if (isApiError(error, 'user.email_already_in_use') || isApiError(error, 'user.phone_already_in_use')) {
              setStep({ kind: 'existing', identifier: step.identifier, verificationId });
              return;
            }
            throw error;
          }
          await completeProfile(password, true);
        }}
        onBack={() => setStep({ kind: 'form' })}
      />
    );
  }

  if (step.kind === 'existing') {
    return <ExistingAccountStep {...step} agreeToTerms={agreeToTerms} onBack={() => setStep({ kind: 'form' })} />;
  }

  if (step.kind === 'password') {
    // The user is identified, but the server refused the password: choose another one.
    return (
      <ChoosePasswordPage
        title={t('register.password_title')}
        submitLabel={t('action.continue')}
        messages={step.messages}
        save={async (password) => {
          await api.updateProfile({ type: 'password', value: password });
          await submitInteraction(agreeToTerms);
        }}
      />
    );
  }

  return (
    <Page
      title={t('register.title')}
      description={config.interaction && t('page.continue_to', { app: config.interaction.application.name })}
      contentKey="/register"
    >
      {types.length > 0 && (
        <form ref={formRef} noValidate onSubmit={onSubmit}>
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
            inputRef={firstRef}
          />
          {signUp.password && (
            <NewPasswordFields
              policy={config.passwordPolicy}
              password={password}
              confirm={confirm}
              onPassword={setPassword}
              onConfirm={setConfirm}
              errors={errors.fields}
            />
          )}
          <Terms display={terms} checked={agreed} onChange={setAgreed} errors={errors.fields.terms} />
          <Button busy={busy}>{t('register.submit')}</Button>
        </form>
      )}
      {config.socialConnectors.length > 0 && (
        <>
          {types.length > 0 && <Divider />}
          <SocialButtons
            event={config.signInMode === 'Register' ? 'Register' : 'SignIn'}
            canStart={() => {
              if (terms === 'checkbox' && !agreed) {
                setErrors({ fields: { terms: [t('errors.agree_terms')] } });
                return false;
              }
              return true;
            }}
            agreeToTerms={agreeToTerms}
          />
        </>
      )}
      {config.signInMode !== 'Register' && (
        <p class="switch-page">
          {t('register.have_account')} <PageLink to="/sign-in">{t('register.sign_in')}</PageLink>
        </p>
      )}
    </Page>
  );
}

/**
 * Registration met an account that already has the verified email or phone. Where signing in by
 * code is allowed for it, the verified code signs in to that account; otherwise the sign-in page
 * opens with the identifier filled in.
 */
const ExistingAccountStep = ({
  identifier,
  verificationId,
  agreeToTerms,
  onBack,
}: {
  identifier: CodeIdentifier;
  verificationId: string;
  agreeToTerms: boolean | undefined;
  onBack: () => void;
}) => {
  const { config } = useApp();
  const byCode =
    config.signInMode !== 'Register' && config.signIn.methods.some((method) => method.identifier === identifier.type && method.verificationCode);
  const { busy, run } = useAsyncAction();
  const { errors, fail } = useFormErrors({});
  prefill.identifier = identifier.value;
  return (
    <Page
      title={t('register.existing_title')}
      description={<Trans phrase="register.existing_description" nodes={{ identifier: <bdi>{identifier.value}</bdi> }} />}
    >
      {byCode ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              await api.switchEvent('SignIn');
              await api.identify({ verificationId });
              await submitInteraction(agreeToTerms);
            }, fail);
          }}
        >
          <FormAlert message={errors.form} />
          <Button busy={busy}>{t('register.sign_in_instead')}</Button>
        </form>
      ) : (
        config.signInMode !== 'Register' && (
          <p class="switch-page">
            <PageLink to="/sign-in">{t('register.sign_in_instead')}</PageLink>
          </p>
        )
      )}
      <BackAction onBack={onBack} />
    </Page>
  );
};

import { useId, useRef, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { type CodeIdentifier, CodeStep, useCodeStep } from '../components/code-step.js';
import {
  BackAction,
  Button,
  FormAlert,
  Notice,
  PageLink,
  PasswordField,
  Trans,
  useAsyncAction,
  useAutoFocus,
  useErrorFocus,
  useFormErrors,
  useMountFocus,
} from '../components/form.js';
import { IdentifierField, IdentifierText, toApiIdentifier, usePhoneCountry, whenPhoneReady } from '../components/identifier-field.js';
import { Page } from '../components/page.js';
import { Divider, SocialButtons } from '../components/social.js';
import { Terms } from '../components/terms.js';
import { api, isApiError } from '../lib/api.js';
import { startFlow, submitInteraction } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import { identifierFieldText, identifierLabelKey, matchIdentifierType } from '../lib/identifier.js';
import { prefill } from '../lib/prefill.js';
import { useLocation } from '../lib/router.js';
import { type SignInMode, alternativeModeFor, identifierTypesFor, signInModeFor } from '../lib/sign-in-method.js';
import { agreeToTermsFor, termsDisplay } from '../lib/terms.js';

const errorFields = {
  identifier: 'identifier',
  username: 'identifier',
  email: 'identifier',
  phone: 'identifier',
  password: 'password',
  terms: 'terms',
};

export default function SignInPage() {
  const { config, language } = useApp();
  const { query } = useLocation();
  const { methods } = config.signIn;
  const canRegister = config.signInMode !== 'SignIn';

  // The code step has a history entry of its own and survives a reload.
  const codeStep = useCodeStep('/sign-in');
  const { pending } = codeStep;
  /** The verification whose code was right but no account has it: offer to create one. */
  const [unknownAccount, setUnknownAccount] = useState<string>();
  // What was typed before (on this or another page); else, after a reload, the address of the
  // code step, to sign in by code; else the app's login_hint.
  const [value, setValue] = useState(
    prefill.identifier ?? (codeStep.saved && identifierFieldText(codeStep.saved.identifier)) ?? config.interaction?.loginHint ?? '',
  );
  const phoneCountry = usePhoneCountry();
  const [password, setPassword] = useState('');
  const [preferred, setPreferred] = useState<SignInMode | undefined>(codeStep.saved && 'code');
  const [agreed, setAgreed] = useState(false);
  const { busy, run } = useAsyncAction();
  const { errors, setErrors, fail, clear } = useFormErrors(errorFields);
  const formRef = useRef<HTMLFormElement>(null);
  // Back from the code step, the identifier has the focus again.
  const identifierRef = useAutoFocus<HTMLInputElement>(true, Boolean(pending));
  const passwordRef = useRef<HTMLInputElement>(null);
  useErrorFocus(formRef, errors);

  const terms = termsDisplay(config, 'signIn');
  const agreeToTerms = agreeToTermsFor(terms, agreed);
  // After "Sign in with a verification code instead" (or a password), only the methods that allow it.
  const accepted = identifierTypesFor(methods, preferred);
  const typed = value.trim() ? matchIdentifierType(value, accepted) : undefined;
  const method =
    methods.find((candidate) => candidate.identifier === typed) ??
    methods.find((candidate) => accepted.includes(candidate.identifier)) ??
    methods[0];
  const mode = method ? signInModeFor(method, preferred) : 'password';
  const alternative = method ? alternativeModeFor(method, mode) : undefined;
  const label = t(identifierLabelKey(accepted));
  const { email: resetByEmail, phone: resetByPhone } = config.forgotPassword;
  const canReset =
    mode === 'password' &&
    (typed === 'email' ? resetByEmail : typed === 'phone' ? resetByPhone : resetByEmail || resetByPhone);

  const termsAccepted = () => {
    if (terms === 'checkbox' && !agreed) {
      setErrors({ fields: { terms: [t('errors.agree_terms')] } });
      return false;
    }
    return true;
  };

  const finish = async (verificationId: string, identifier?: CodeIdentifier, agree = agreeToTerms) => {
    try {
      await api.identify({ verificationId });
    } catch (error) {
      const registrable = identifier && canRegister && config.signUp.identifiers.includes(identifier.type);
      if (registrable && isApiError(error, 'user.identifier_not_registered')) {
        setUnknownAccount(verificationId);
        return;
      }
      if (identifier && isApiError(error, 'user.email_blocked')) {
        // The code was right, but the tenant takes no account with this address (and there is
        // none): back to the identifier (a new code would not help), with the reason on it.
        setValue(identifierFieldText(identifier));
        setErrors({ fields: { identifier: [error.message] } });
        codeStep.abandon();
        return;
      }
      throw error;
    }
    await submitInteraction(agree);
  };

  const onSubmit = (event?: Event) => {
    event?.preventDefault();
    // A phone number submitted before the phone module arrived: again once it is there.
    if (!whenPhoneReady(typed, () => onSubmit(), fail)) {
      return;
    }
    const fields: Record<string, string[]> = {};
    const identifierValue = typed && toApiIdentifier(typed, value, phoneCountry.chosen, language);
    if (!value.trim()) {
      fields.identifier = [t('errors.required')];
    } else if (!typed || identifierValue === undefined) {
      fields.identifier = [t('errors.invalid_identifier', { label })];
    }
    if (mode === 'password' && !password) {
      fields.password = [t('errors.required')];
    }
    if (terms === 'checkbox' && !agreed) {
      fields.terms = [t('errors.agree_terms')];
    }
    if (Object.keys(fields).length > 0 || !typed || identifierValue === undefined) {
      setErrors({ fields });
      return;
    }
    clear();
    const identifier = { type: typed, value: identifierValue };
    void run(async () => {
      await startFlow('SignIn');
      if (mode === 'password') {
        const { verificationId } = await api.verifyPassword(identifier, password);
        await finish(verificationId);
        return;
      }
      if (identifier.type === 'username') {
        return;
      }
      const codeIdentifier = { type: identifier.type, value: identifier.value };
      const { verificationId } = await api.sendCode(codeIdentifier);
      codeStep.open(codeIdentifier, verificationId, agreeToTerms);
    }, fail);
  };

  if (pending && unknownAccount === pending.verificationId) {
    return <CreateAccountStep identifier={pending.identifier} verificationId={unknownAccount} onBack={codeStep.back} />;
  }

  if (pending) {
    return (
      <CodeStep
        {...codeStep.stepProps(pending)}
        onVerified={(verificationId) => finish(verificationId, pending.identifier, pending.agreeToTerms)}
      />
    );
  }

  return (
    <Page
      title={t('sign_in.title')}
      description={config.interaction && t('page.continue_to', { app: config.interaction.application.name })}
      contentKey="/sign-in"
    >
      {query.get('passwordReset') === '1' && <Notice>{t('sign_in.password_reset_done')}</Notice>}
      {methods.length > 0 && (
        <form ref={formRef} noValidate onSubmit={onSubmit}>
          <FormAlert message={errors.form} />
          <IdentifierField
            label={label}
            name="username"
            types={accepted}
            country={phoneCountry.chosen}
            onCountry={phoneCountry.choose}
            value={value}
            onValue={(next) => {
              setValue(next);
              // The forgot-password page starts with what was typed here (and the picked country).
              prefill.identifier = next;
            }}
            autoCapitalize="off"
            autoCorrect="off"
            spellcheck={false}
            errors={errors.fields.identifier}
            inputRef={identifierRef}
          />
          {mode === 'password' && (
            <PasswordField
              label={t('field.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onValue={setPassword}
              errors={errors.fields.password}
              inputRef={passwordRef}
            />
          )}
          {canReset && (
            <p class="aside">
              <PageLink to="/forgot-password">{t('sign_in.forgot_password')}</PageLink>
            </p>
          )}
          <Terms display={terms} checked={agreed} onChange={setAgreed} errors={errors.fields.terms} />
          <Button busy={busy}>{mode === 'password' ? t('sign_in.submit') : t('sign_in.send_code')}</Button>
          {alternative && (
            <Button
              type="button"
              variant="link"
              onClick={() => {
                clear();
                setPreferred(alternative);
                // Keep the user where they type next: the password, or the identifier for a code.
                window.setTimeout(() => (alternative === 'password' ? passwordRef : identifierRef).current?.focus());
              }}
            >
              {alternative === 'code' ? t('sign_in.use_code') : t('sign_in.use_password')}
            </Button>
          )}
        </form>
      )}
      {config.socialConnectors.length > 0 && (
        <>
          {methods.length > 0 && <Divider />}
          <SocialButtons event="SignIn" canStart={termsAccepted} agreeToTerms={agreeToTerms} />
        </>
      )}
      {canRegister && (
        <p class="switch-page">
          {t('sign_in.no_account')} <PageLink to="/register">{t('sign_in.create_account')}</PageLink>
        </p>
      )}
    </Page>
  );
}

/** After a verified code for an unknown email or phone: create the account with it. */
const CreateAccountStep = ({
  identifier,
  verificationId,
  onBack,
}: {
  identifier: CodeIdentifier;
  verificationId: string;
  onBack: () => void;
}) => {
  const { config } = useApp();
  const terms = termsDisplay(config, 'register');
  const [agreed, setAgreed] = useState(false);
  const { busy, run } = useAsyncAction();
  const { errors, setErrors, fail } = useFormErrors({ terms: 'terms' });
  const formRef = useRef<HTMLFormElement>(null);
  const descriptionId = `create-description-${useId()}`;
  useErrorFocus(formRef, errors);
  // No field but the terms: the focus goes to the checkbox, else to the action.
  useMountFocus(formRef, 'input, button');
  return (
    <Page
      title={t('sign_in.create_title')}
      description={<Trans phrase="sign_in.create_description" nodes={{ identifier: <IdentifierText identifier={identifier} /> }} />}
      descriptionId={descriptionId}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (terms === 'checkbox' && !agreed) {
            setErrors({ fields: { terms: [t('errors.agree_terms')] } });
            return;
          }
          void run(async () => {
            await api.switchEvent('Register');
            await api.identify({ verificationId });
            await submitInteraction(agreeToTermsFor(terms, agreed));
          }, fail);
        }}
      >
        <FormAlert message={errors.form} />
        <Terms display={terms} checked={agreed} onChange={setAgreed} errors={errors.fields.terms} />
        <Button busy={busy} describedBy={descriptionId}>
          {t('register.submit')}
        </Button>
      </form>
      <BackAction onBack={onBack} />
    </Page>
  );
};

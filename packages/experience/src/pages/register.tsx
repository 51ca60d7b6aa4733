import { useId, useRef, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { ChoosePasswordPage } from '../components/choose-password.js';
import { type CodeIdentifier, CodeStep, useCodeStep } from '../components/code-step.js';
import {
  BackAction,
  Button,
  FormAlert,
  PageLink,
  Trans,
  useAsyncAction,
  useAutoFocus,
  useErrorFocus,
  useFormErrors,
  useMountFocus,
} from '../components/form.js';
import { IdentifierField, IdentifierText, toApiIdentifier, usePhoneCountry, whenPhoneReady } from '../components/identifier-field.js';
import { NewPasswordFields, checkNewPassword } from '../components/new-password.js';
import { Page } from '../components/page.js';
import { Divider, SocialButtons } from '../components/social.js';
import { Terms } from '../components/terms.js';
import { api, isApiError } from '../lib/api.js';
import { startFlow, submitInteraction } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import { identifierFieldText, identifierLabelKey, matchIdentifierType } from '../lib/identifier.js';
import { prefill } from '../lib/prefill.js';
import { agreeToTermsFor, termsDisplay } from '../lib/terms.js';

/** What follows a verified code, for that verification. */
type AfterCode =
  /** Identified, but the server refused the password (or it was lost in a reload): choose one. */
  | { kind: 'password'; verificationId: string; messages: string[] }
  /** The code was right but an account already has that email or phone: offer to sign in to it. */
  | { kind: 'existing'; verificationId: string };

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
 * email or phone: start, check the password (when the tenant uses passwords: `POST /profile`, which
 * checks the whole policy but the user-info rule), send a code, verify it, identify with the
 * verified code, set the password again (now checked against the address too), submit.
 */
export default function RegisterPage() {
  const { config, language } = useApp();
  const { signUp } = config;
  const types = signUp.identifiers;
  const terms = termsDisplay(config, 'register');

  // The code step has a history entry of its own and survives a reload.
  const codeStep = useCodeStep('/register');
  const { pending } = codeStep;
  const [afterCode, setAfterCode] = useState<AfterCode>();
  // An address a password reset found no account for; else, after Back from the code step (and a
  // reload), the address it was sent to; else the app's login_hint. Each only when it is something
  // this tenant registers with (an email for an email sign-up).
  const [value, setValue] = useState(() =>
    [prefill.newAccount, codeStep.saved && identifierFieldText(codeStep.saved.identifier), config.interaction?.loginHint].find(
      (candidate) => candidate && matchIdentifierType(candidate, types),
    ) ?? '',
  );
  const phoneCountry = usePhoneCountry();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [agreed, setAgreed] = useState(false);
  const { busy, run } = useAsyncAction();
  const { errors, setErrors, fail, clear } = useFormErrors(errorFields);
  const formRef = useRef<HTMLFormElement>(null);
  // Back from a later step, the first field has the focus again.
  const firstRef = useAutoFocus<HTMLInputElement>(true, Boolean(pending));
  useErrorFocus(formRef, errors);

  const agreeToTerms = agreeToTermsFor(terms, agreed);
  const label = t(identifierLabelKey(types));

  /**
   * Sets the password (if any) and submits. After a code (`verificationId`), a refused password,
   * or none (the form's was lost in a reload), opens the password step.
   */
  const completeProfile = async (passwordToSet: string, agree: boolean | undefined, verificationId?: string) => {
    if (signUp.password) {
      if (verificationId && !passwordToSet) {
        setAfterCode({ kind: 'password', verificationId, messages: [] });
        return;
      }
      try {
        await api.updateProfile({ type: 'password', value: passwordToSet });
      } catch (error) {
        if (verificationId && isApiError(error, 'password.rejected')) {
          setAfterCode({ kind: 'password', verificationId, messages: [error.message, ...error.details.map((detail) => detail.message)] });
          return;
        }
        throw error;
      }
    }
    await submitInteraction(agree);
  };

  const onSubmit = (event?: Event) => {
    event?.preventDefault();
    const typed = value.trim() ? matchIdentifierType(value, types) : undefined;
    // A phone number submitted before the phone module arrived: again once it is there.
    if (!whenPhoneReady(typed, () => onSubmit(), fail)) {
      return;
    }
    const identifierValue = typed && toApiIdentifier(typed, value, phoneCountry.chosen, language);
    const fields: Record<string, string[]> = signUp.password ? checkNewPassword(password, confirm, config.passwordPolicy) : {};
    if (!value.trim()) {
      fields.identifier = [t('errors.required')];
    } else if (!typed || identifierValue === undefined) {
      fields.identifier = [t('errors.invalid_identifier', { label })];
    }
    if (terms === 'checkbox' && !agreed) {
      fields.terms = [t('errors.agree_terms')];
    }
    if (Object.keys(fields).length > 0 || !typed || identifierValue === undefined) {
      setErrors({ fields });
      return;
    }
    clear();
    void run(async () => {
      await startFlow('Register');
      if (typed === 'username') {
        await api.identify({ identifier: { type: 'username', value: identifierValue } });
        await completeProfile(password, agreeToTerms);
        return;
      }
      // The server's whole policy (breached passwords, sequences, forbidden words…) before the code
      // is sent, so that a refused password is fixed here, on the form, and not after the code. The
      // password is set again once the address is verified: only then can the server also check it
      // against that address (user info), which may still send the user to the password step.
      if (signUp.password) {
        await api.updateProfile({ type: 'password', value: password });
      }
      const identifier = { type: typed, value: identifierValue };
      const { verificationId } = await api.sendCode(identifier);
      codeStep.open(identifier, verificationId, agreeToTerms);
    }, fail);
  };

  const after = pending && afterCode?.verificationId === pending.verificationId ? afterCode : undefined;

  if (pending && after?.kind === 'existing') {
    return <ExistingAccountStep identifier={pending.identifier} verificationId={after.verificationId} agreeToTerms={pending.agreeToTerms} onBack={codeStep.back} />;
  }

  if (pending && after?.kind === 'password') {
    // The user is identified, but the server refused the password: choose another one.
    return (
      <ChoosePasswordPage
        title={t('register.password_title')}
        submitLabel={t('action.continue')}
        messages={after.messages}
        save={async (password) => {
          await api.updateProfile({ type: 'password', value: password });
          await submitInteraction(pending.agreeToTerms);
        }}
      />
    );
  }

  if (pending) {
    return (
      <CodeStep
        {...codeStep.stepProps(pending)}
        onVerified={async (verificationId) => {
          try {
            await api.identify({ verificationId });
          } catch (error) {
            if (isApiError(error, 'user.email_already_in_use') || isApiError(error, 'user.phone_already_in_use')) {
              setAfterCode({ kind: 'existing', verificationId });
              return;
            }
            throw error;
          }
          await completeProfile(password, pending.agreeToTerms, verificationId);
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
  const descriptionId = `existing-description-${useId()}`;
  // No field: the focus goes to the action, which reads the question with it.
  const actionRef = useRef<HTMLDivElement>(null);
  useMountFocus(actionRef, 'button, a');
  // The sign-in page starts with it (a phone number with its plus: it is international).
  prefill.identifier = identifierFieldText(identifier);
  return (
    <Page
      title={t('register.existing_title')}
      description={<Trans phrase="register.existing_description" nodes={{ identifier: <IdentifierText identifier={identifier} /> }} />}
      descriptionId={descriptionId}
    >
      <div ref={actionRef}>
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
            <Button busy={busy} describedBy={descriptionId}>
              {t('register.sign_in_instead')}
            </Button>
          </form>
        ) : (
          config.signInMode !== 'Register' && (
            <p class="switch-page">
              <PageLink to="/sign-in" describedBy={descriptionId}>
                {t('register.sign_in_instead')}
              </PageLink>
            </p>
          )
        )}
        <BackAction onBack={onBack} />
      </div>
    </Page>
  );
};

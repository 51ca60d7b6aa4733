import { useEffect, useRef, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { type CodeIdentifier, CodeStep, useCodeStep } from '../components/code-step.js';
import { CustomFieldInput } from '../components/custom-field.js';
import {
  Button,
  Field,
  type FormErrors,
  FormAlert,
  PageLink,
  useAsyncAction,
  useErrorFocus,
  useFormErrors,
} from '../components/form.js';
import { IdentifierField, toApiIdentifier, usePhoneCountry, whenPhoneReady } from '../components/identifier-field.js';
import { NewPasswordFields, checkNewPassword } from '../components/new-password.js';
import { Page } from '../components/page.js';
import { Terms } from '../components/terms.js';
import { api, isApiError } from '../lib/api.js';
import {
  type CustomField,
  type FieldValue,
  checkFieldValue,
  emptyFieldValue,
  toProfileValue,
} from '../lib/custom-fields.js';
import { type PendingSubmit, redirectTo } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import { type IdentifierType, identifierFieldText, identifierMaxLength, identifierLabelKey, matchIdentifierType } from '../lib/identifier.js';
import { parseMissingProfile } from '../lib/missing-profile.js';
import { currentStep } from '../lib/router.js';
import { sessionStore, storageKeys } from '../lib/storage.js';

/** A custom field the server asked for that the configuration does not describe: a plain text field. */
const plainField = (name: string): CustomField => ({
  id: name,
  name,
  label: name,
  required: true,
  sieOrder: 0,
  type: 'Text',
  config: {},
});

const identifierTypes: Record<'email' | 'phone' | 'emailOrPhone', IdentifierType[]> = {
  email: ['email'],
  phone: ['phone'],
  emailOrPhone: ['email', 'phone'],
};

/** Field name of a custom field in the form's errors. */
const customKey = (name: string) => `custom.${name}`;

/**
 * Collects what `POST /submit` reported missing (`user.missing_profile`): username, password,
 * email and phone (each verified by a code), custom profile fields. Saves each with `POST /profile`
 * and submits again; if still something is missing, the form shows that.
 */
export default function ContinuePage({ preview }: { preview?: PendingSubmit }) {
  const { config, language } = useApp();
  const phoneCountry = usePhoneCountry();
  const [stored, setPending] = useState<PendingSubmit | undefined>(() => preview ?? sessionStore.get<PendingSubmit>(storageKeys.missingProfile));
  // The console's preview names the fields itself, and changes them as the draft changes.
  const pending = preview ?? stored;
  // The code step (for each address to verify in turn) has a history entry of its own and survives a reload.
  const codeStep = useCodeStep('/continue');
  const code = preview ? undefined : codeStep.pending;
  // After Back from the code step (and a reload), the address it was sent to.
  const [values, setValues] = useState<Record<string, FieldValue>>(() => {
    const identifier = preview ? undefined : codeStep.saved?.identifier;
    return identifier
      ? Object.fromEntries(
          (Object.keys(identifierTypes) as (keyof typeof identifierTypes)[])
            .filter((kind) => identifierTypes[kind].includes(identifier.type))
            .map((kind) => [kind, identifierFieldText(identifier)]),
        )
      : {};
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /**
   * The server wants the terms agreed and this page lacks the answer the page before collected
   * (opened in another tab, or the policy changed meanwhile): the checkbox is shown here.
   */
  const [askTerms, setAskTerms] = useState(false);
  const [agreed, setAgreed] = useState(false);
  /** What was saved already, so a retry after an error does not send it again. */
  const saved = useRef(new Set<string>());
  const { busy, run } = useAsyncAction();
  const formRef = useRef<HTMLFormElement>(null);

  const fields = pending?.fields ?? [];
  const customFields = fields.flatMap((field) =>
    field.kind === 'custom' ? [config.customProfileFields.find((candidate) => candidate.name === field.name) ?? plainField(field.name)] : [],
  );
  // A registration offered only optional custom fields: nothing is "needed".
  const onlyOptional = fields.length > 0 && customFields.length === fields.length && customFields.every((field) => !field.required);
  const resolveField = (key: string): string | undefined => {
    const custom = /^(?:values|customProfile|profile|customData)\.(\w+)/.exec(key);
    if (custom) {
      return customKey(custom[1]!);
    }
    if (key === 'value') {
      return undefined;
    }
    return ['username', 'password', 'email', 'phone', 'identifier', 'terms'].includes(key.split('.')[0]!)
      ? key.split('.')[0] === 'identifier'
        ? 'contact'
        : key.split('.')[0]
      : undefined;
  };
  const { errors, setErrors, fail: showError, clear } = useFormErrors(resolveField);
  useErrorFocus(formRef, errors);
  const fail = (error: unknown) => {
    if (isApiError(error, 'session.terms_not_agreed')) {
      setAskTerms(true);
    }
    showError(error);
  };

  const agreeToTerms = pending?.agreeToTerms ?? (askTerms && agreed ? true : undefined);

  /** `POST /submit`; a new list of missing fields replaces the form. */
  const submit = async () => {
    try {
      const { redirectTo: url } = await api.submit(agreeToTerms);
      sessionStore.set(storageKeys.missingProfile, undefined);
      await redirectTo(url);
    } catch (error) {
      if (isApiError(error, 'user.missing_profile')) {
        const next: PendingSubmit = { ...parseMissingProfile(error.details), ...(agreeToTerms && { agreeToTerms }) };
        sessionStore.set(storageKeys.missingProfile, next);
        // From a code step: back to the form, which now asks for what is still missing.
        if (currentStep() === 'code') {
          codeStep.abandon();
        }
        setPending(next);
        setErrors({ form: error.message, fields: {} });
        return;
      }
      throw error;
    }
  };

  // The first field gets the focus whenever the list of fields changes, and back from a code step.
  useEffect(() => {
    // The number, not its country picker: the country is right more often than not.
    formRef.current?.querySelector<HTMLElement>('input, select:not(.phone-country select)')?.focus();
  }, [pending, code?.verificationId]);

  // Opened without knowing what is missing (a reload in another tab): ask the server by submitting.
  useEffect(() => {
    if (!pending) {
      void run(submit, fail);
    }
  }, []);

  /** Sends a code to the next address to verify, or submits when none is left. */
  const verifyNext = async (queue: CodeIdentifier[]) => {
    const [next, ...rest] = queue;
    if (!next) {
      await submit();
      return;
    }
    const { verificationId } = await api.sendCode(next);
    codeStep.open(next, verificationId, undefined, rest);
  };

  /** What a contact field (email, phone, either) reads as, if it is one of the types it takes. */
  const contactType = (kind: keyof typeof identifierTypes) => {
    const text = String(values[kind] ?? '');
    return text.trim() ? matchIdentifierType(text, identifierTypes[kind]) : undefined;
  };

  const onSubmit = (event?: Event) => {
    event?.preventDefault();
    // A phone number submitted before the phone module arrived: again once it is there.
    const phoneTyped = fields.some((field) => (field.kind === 'phone' || field.kind === 'emailOrPhone') && contactType(field.kind) === 'phone');
    if (!whenPhoneReady(phoneTyped ? 'phone' : undefined, () => onSubmit(), fail)) {
      return;
    }
    const problems: FormErrors = { fields: {} };
    const add = (field: string, message: string) => {
      (problems.fields[field] ??= []).push(message);
    };
    const contacts: CodeIdentifier[] = [];
    for (const field of fields) {
      switch (field.kind) {
        case 'username': {
          if (!String(values.username ?? '').trim()) {
            add('username', t('errors.required'));
          }
          break;
        }
        case 'password': {
          Object.assign(problems.fields, checkNewPassword(password, confirm, config.passwordPolicy));
          break;
        }
        case 'email':
        case 'phone':
        case 'emailOrPhone': {
          const types = identifierTypes[field.kind];
          const text = String(values[field.kind] ?? '');
          const typed = contactType(field.kind);
          const value = typed && typed !== 'username' ? toApiIdentifier(typed, text, phoneCountry.chosen, language) : undefined;
          if (!text.trim()) {
            add(field.kind, t('errors.required'));
          } else if (!typed || typed === 'username' || value === undefined) {
            add(field.kind, t('errors.invalid_identifier', { label: t(identifierLabelKey(types)) }));
          } else if (!saved.current.has(typed)) {
            contacts.push({ type: typed, value });
          }
          break;
        }
        case 'custom': {
          break;
        }
      }
    }
    for (const field of customFields) {
      // A date typed in part: the date input answers an empty value, though the user typed something.
      const partial = field.type === 'Date' && formRef.current?.querySelector<HTMLInputElement>(`input[name="${field.name}"]`)?.validity.badInput;
      const problem = partial ? { problem: { key: 'errors.invalid_date' as const } } : checkFieldValue(field, values[customKey(field.name)]);
      if (problem?.problem) {
        add(customKey(field.name), t(problem.problem.key, problem.problem.values));
      }
      for (const [part, partProblem] of Object.entries(problem?.parts ?? {})) {
        add(`${customKey(field.name)}.${part}`, t(partProblem.key, partProblem.values));
      }
    }
    if (askTerms && !agreed) {
      add('terms', t('errors.agree_terms'));
    }
    if (Object.keys(problems.fields).length > 0) {
      setErrors(problems);
      return;
    }
    clear();
    void run(async () => {
      const username = String(values.username ?? '').trim();
      if (fields.some((field) => field.kind === 'username') && !saved.current.has(`username:${username}`)) {
        await api.updateProfile({ type: 'username', value: username });
        saved.current.add(`username:${username}`);
      }
      if (fields.some((field) => field.kind === 'password') && !saved.current.has(`password:${password}`)) {
        await api.updateProfile({ type: 'password', value: password });
        saved.current.add(`password:${password}`);
      }
      if (customFields.length > 0) {
        const extra: Record<string, unknown> = {};
        for (const field of customFields) {
          const value = toProfileValue(field, values[customKey(field.name)]);
          if (value !== undefined) {
            extra[field.name] = value;
          }
        }
        // Sent even when every field was optional and left empty: that answers the form.
        await api.updateProfile({ type: 'extraProfile', values: extra });
      }
      await verifyNext(contacts);
    }, fail);
  };

  if (code) {
    return (
      <CodeStep
        // Each address has its own step (a code sent again keeps it).
        key={`${code.identifier.type}:${code.identifier.value}`}
        {...codeStep.stepProps(code)}
        onVerified={async (verificationId) => {
          await api.updateProfile({ type: code.identifier.type, verificationId });
          saved.current.add(code.identifier.type);
          await verifyNext(code.queue ?? []);
        }}
      />
    );
  }

  const terms = askTerms && <Terms display="checkbox" checked={agreed} onChange={setAgreed} errors={errors.fields.terms} />;

  if (!pending) {
    return (
      <Page title={t('continue.title')}>
        <form ref={formRef} noValidate onSubmit={onSubmit}>
          <FormAlert message={errors.form} />
          {busy && !askTerms && <p class="description">{t('app.loading')}</p>}
          {terms}
          {askTerms && <Button busy={busy}>{t('action.continue')}</Button>}
        </form>
      </Page>
    );
  }

  const setValue = (key: string) => (value: FieldValue) => setValues((current) => ({ ...current, [key]: value }));

  return (
    <Page title={t('continue.title')} description={t(onlyOptional ? 'continue.description_optional' : 'continue.description')} contentKey="/continue">
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <FormAlert message={errors.form} />
        {pending.unknown.length > 0 && fields.length === 0 && <p>{t('continue.unsupported')}</p>}
        {fields.map((field) => {
          switch (field.kind) {
            case 'username': {
              return (
                <Field
                  key="username"
                  label={t('field.username')}
                  name="username"
                  autoComplete="username"
                  autoCapitalize="off"
                  spellcheck={false}
                  // Usernames are ASCII: left to right on a right-to-left page too, at most the server's limit.
                  dir="ltr"
                  maxLength={identifierMaxLength}
                  value={String(values.username ?? '')}
                  onValue={setValue('username')}
                  errors={errors.fields.username}
                />
              );
            }
            case 'password': {
              return (
                <NewPasswordFields
                  key="password"
                  policy={config.passwordPolicy}
                  password={password}
                  confirm={confirm}
                  onPassword={setPassword}
                  onConfirm={setConfirm}
                  errors={errors.fields}
                />
              );
            }
            case 'email':
            case 'phone':
            case 'emailOrPhone': {
              const types = identifierTypes[field.kind];
              return (
                <IdentifierField
                  key={field.kind}
                  label={t(identifierLabelKey(types))}
                  name={field.kind}
                  types={types}
                  country={phoneCountry.chosen}
                  onCountry={phoneCountry.choose}
                  autoComplete={field.kind === 'phone' ? 'tel' : 'email'}
                  autoCapitalize="off"
                  spellcheck={false}
                  value={String(values[field.kind] ?? '')}
                  onValue={setValue(field.kind)}
                  errors={[field.kind, ...(field.kind === 'emailOrPhone' ? ['email', 'phone'] : []), 'contact'].flatMap(
                    (name) => errors.fields[name] ?? [],
                  )}
                />
              );
            }
            case 'custom': {
              const custom = customFields.find((candidate) => candidate.name === field.name)!;
              const key = customKey(field.name);
              const partErrors = Object.fromEntries(
                Object.entries(errors.fields)
                  .filter(([name]) => name.startsWith(`${key}.`))
                  .map(([name, messages]) => [name.slice(key.length + 1), messages]),
              );
              return (
                <CustomFieldInput
                  key={key}
                  field={custom}
                  value={values[key] ?? emptyFieldValue(custom)}
                  onChange={setValue(key)}
                  errors={errors.fields[key]}
                  partErrors={partErrors}
                />
              );
            }
          }
        })}
        {terms}
        {(fields.length > 0 || askTerms) && <Button busy={busy}>{t('action.continue')}</Button>}
      </form>
      {fields.length === 0 && (
        <p class="switch-page">
          <PageLink to="/sign-in">{t('action.back_to_sign_in')}</PageLink>
        </p>
      )}
    </Page>
  );
}

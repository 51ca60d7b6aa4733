import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

import { ApiError, type ErrorDetail } from '../lib/api.js';
import { CaptchaError } from '../lib/captcha.js';
import { t } from '../lib/i18n.js';
import { href, navigate } from '../lib/router.js';
import type { PhraseKey } from '../locales/en.js';

/** Errors of a form: one for the whole form, and messages per field (by the page's field name). */
export type FormErrors = { form?: string; fields: Record<string, string[]> };

export const noErrors: FormErrors = { fields: {} };

export const hasErrors = (errors: FormErrors) => Boolean(errors.form) || Object.keys(errors.fields).length > 0;

/** Which field an error code or detail path belongs to, before the page's own renames. */
const fieldOfCode = (code: string): string | undefined => {
  if (code === 'session.terms_not_agreed') {
    return 'terms';
  }
  if (code.startsWith('verification_code.')) {
    return 'code';
  }
  if (code === 'password.rejected' || code === 'user.same_password') {
    return 'password';
  }
  if (code === 'session.invalid_username') {
    return 'username';
  }
  return /^user\.(username|email|phone)_/.exec(code)?.[1];
};

/**
 * The page's phrase for a value the request validator refused, by the code, with the limit
 * the server names for a value too long or too short.
 */
const inputProblem = ({ code, maximum, minimum }: ErrorDetail) => {
  if (code === 'too_big') {
    return maximum === undefined ? t('errors.too_long') : t('errors.max_length', { max: maximum });
  }
  if (code === 'too_small') {
    return minimum === undefined || minimum <= 1 ? t('errors.required') : t('errors.min_length', { min: minimum });
  }
  return t('errors.not_accepted');
};

/** Where a page puts an error: by generic field name (`password`) or by the detail's path (`values.nickname`). */
export type FieldResolver = Record<string, string> | ((key: string) => string | undefined);

const resolverOf = (fields: FieldResolver) =>
  typeof fields === 'function'
    ? fields
    : (key: string) => fields[key.startsWith('identifier') ? 'identifier' : key.split('.')[0]!];

/**
 * Turns a thrown error into form errors. `fields` maps generic field names (`username`, `email`,
 * `password`, `code`, `terms`, `identifier`, `value`…) or detail paths to the page's fields; errors
 * and details whose field is not on the page show as the form's error.
 */
export const toFormErrors = (error: unknown, fields: FieldResolver = {}): FormErrors => {
  const resolve = resolverOf(fields);
  if (error instanceof CaptchaError) {
    return { form: t('errors.captcha'), fields: {} };
  }
  if (!(error instanceof ApiError)) {
    return { form: t('errors.unknown'), fields: {} };
  }
  if (error.status === 0) {
    return { form: t('errors.network'), fields: {} };
  }
  const message = error.message || t('errors.unknown');
  const result: FormErrors = { fields: {} };
  const add = (field: string, text: string) => {
    (result.fields[field] ??= []).push(text);
  };
  const generic = fieldOfCode(error.code);
  const codeField = generic === undefined ? undefined : resolve(generic);
  if (error.code === 'password.rejected' && codeField) {
    // Every rule the password broke, under the headline message.
    add(codeField, message);
    for (const detail of error.details) {
      add(codeField, detail.message);
    }
    return result;
  }
  if (codeField) {
    add(codeField, message);
    return result;
  }
  // The request's validator speaks to developers ("Too big: expected string to have <=128
  // characters"): a refused value shows the page's own phrase.
  const invalidInput = error.code === 'guard.invalid_input';
  let unplaced = false;
  for (const detail of error.details) {
    const field = resolve(detail.path.replace(/^body\./, ''));
    if (field) {
      add(field, invalidInput ? inputProblem(detail) : detail.message);
    } else {
      unplaced = true;
    }
  }
  if (Object.keys(result.fields).length === 0 || unplaced) {
    result.form = invalidInput ? t('errors.not_accepted') : message;
  }
  return result;
};

/** The interaction expired: nothing on this page can work any more. */
export const isSessionGone = (error: unknown) => error instanceof ApiError && error.code === 'session.not_found';

/**
 * Form errors plus what to do on failure: map the error to fields, or leave for the unknown-session
 * page when the interaction is gone (loaded from the server, which sends the browser to the
 * tenant's unknownSessionRedirectUrl instead when one is set).
 */
export const useFormErrors = (fields: FieldResolver = {}) => {
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const fail = (error: unknown) => {
    if (isSessionGone(error)) {
      window.location.replace(href('/unknown-session'));
      return;
    }
    setErrors(toFormErrors(error, fields));
  };
  return { errors, setErrors, fail, clear: () => setErrors(noErrors) };
};

/**
 * Runs one async action at a time: a second submit while the first is running is ignored (double
 * click, Enter pressed twice). `busy` drives the button's busy state.
 */
export const useAsyncAction = () => {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = async (action: () => Promise<unknown>, onError?: (error: unknown) => void) => {
    if (running.current) {
      return;
    }
    running.current = true;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      onError?.(error);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
};

/** Moves focus to the first invalid field, else to the form's error message, whenever errors appear. */
export const useErrorFocus = (formRef: RefObject<HTMLElement | null>, errors: FormErrors) => {
  useEffect(() => {
    if (!hasErrors(errors) || !formRef.current) {
      return;
    }
    const target =
      formRef.current.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      formRef.current.querySelector<HTMLElement>('.form-alert');
    target?.focus();
  }, [errors]);
};

/**
 * Focuses the element when it appears (the first field of a page or step), and again whenever
 * `step` changes: back from a later step the element is a new one, and the focus would be lost on
 * the page's body.
 */
export const useAutoFocus = <T extends HTMLElement>(enabled = true, step?: unknown) => {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) {
      ref.current?.focus();
    }
  }, [step]);
  return ref;
};

/**
 * Focuses the first element matching `selector` inside the container when it appears: on a screen
 * without fields, its first control or main action (not the page's body).
 */
export const useMountFocus = (containerRef: RefObject<HTMLElement | null>, selector: string) => {
  useEffect(() => {
    containerRef.current?.querySelector<HTMLElement>(selector)?.focus();
  }, []);
};

/** The form's error, announced by screen readers as soon as it appears. */
export const FormAlert = ({ message }: { message?: string | undefined }) =>
  message ? (
    <div class="form-alert" role="alert" tabIndex={-1}>
      {message}
    </div>
  ) : null;

/** A success or information message, announced politely. */
export const Notice = ({ children }: { children: ComponentChildren }) => (
  <div class="notice" role="status">
    {children}
  </div>
);

export const FieldErrors = ({ id, messages }: { id: string; messages: string[] | undefined }) => {
  if (!messages?.length) {
    return null;
  }
  const [headline, ...rest] = messages;
  return (
    <div id={id} class="field-error" role="alert">
      <p>{headline}</p>
      {rest.length > 0 && (
        <ul>
          {rest.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
};

/** The input attributes the pages use. */
type InputProps = {
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date' | 'url';
  name?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal' | 'url';
  autoCapitalize?: string;
  autoCorrect?: string;
  spellcheck?: boolean;
  placeholder?: string | undefined;
  pattern?: string | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  min?: number | undefined;
  max?: number | undefined;
  step?: string;
  required?: boolean;
  /** `ltr` for what is written in Latin script only (codes, identifiers, passwords, URLs), also on right-to-left pages. */
  dir?: 'ltr' | 'auto';
};

export type FieldProps = InputProps & {
  label: string;
  value: string;
  onValue: (value: string) => void;
  errors?: string[] | undefined;
  /** Help shown under the label and read with the field. */
  hint?: ComponentChildren;
  /** Marks the label "(optional)". */
  optional?: boolean;
  inputRef?: RefObject<HTMLInputElement | null> | undefined;
  /** Extra content inside the input row (the show-password button). */
  addon?: ComponentChildren;
  /** Content before the input, on its row (a phone number's country picker); the row reads left to right. */
  prefix?: ComponentChildren;
  id?: string;
  /** Ids of text elsewhere on the page that describes the field (a step's description). */
  describedBy?: string | undefined;
};

/** A labelled input with its hint and errors wired up for assistive technology. */
export const Field = ({ label, value, onValue, errors, hint, optional, inputRef, addon, prefix, id, describedBy: described, ...input }: FieldProps) => {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [described ?? '', hint ? hintId : '', errors?.length ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div class="field">
      <label for={inputId}>
        {label}
        {optional && <span class="optional"> {t('field.optional')}</span>}
      </label>
      {hint && (
        <div id={hintId} class="hint">
          {hint}
        </div>
      )}
      {/* The input stays the same element when a prefix appears while typing (it keeps the focus). */}
      <div class={addon ? 'input-row' : prefix ? 'prefixed-row' : undefined} dir={prefix ? 'ltr' : undefined}>
        {prefix}
        <input
          // Spread as a plain object: preact types `type` per input kind, which a union cannot meet.
          {...(input as object)}
          // Announced as required; the forms validate themselves (noValidate), so no browser bubbles.
          required={input.required ?? !optional}
          id={inputId}
          ref={inputRef}
          value={value}
          onInput={(event) => onValue(event.currentTarget.value)}
          aria-invalid={errors?.length ? 'true' : undefined}
          aria-describedby={describedBy || undefined}
        />
        {addon}
      </div>
      <FieldErrors id={errorId} messages={errors} />
    </div>
  );
};

/** The longest password the server takes (`password` in the experience API). */
export const passwordMaxLength = 256;

/** A password input with a show/hide toggle. */
export const PasswordField = (props: Omit<FieldProps, 'type' | 'addon'>) => {
  const [visible, setVisible] = useState(false);
  const generated = useId();
  const id = props.id ?? `password-${generated}`;
  return (
    <Field
      {...props}
      id={id}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellcheck={false}
      // The server's limit: longer cannot be typed, so its validator's text never shows.
      maxLength={passwordMaxLength}
      // Passwords are printable ASCII: left to right on a right-to-left page too.
      dir="ltr"
      addon={
        <button
          type="button"
          class="toggle-visibility"
          aria-label={t('password.show')}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible(!visible)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d={
                visible
                  ? 'M12 6c3.8 0 7.2 2.1 8.8 5.5-.6 1.3-1.5 2.4-2.6 3.3l1.4 1.4c1.4-1.2 2.5-2.8 3.2-4.7C21.1 7.1 16.9 4 12 4c-1.3 0-2.5.2-3.7.6l1.7 1.7c.7-.2 1.3-.3 2-.3zM2.7 3.3 1.3 4.7l2.5 2.5C2.4 8.4 1.4 9.8.8 11.5 2.5 15.9 6.7 19 11.6 19c1.5 0 2.9-.3 4.2-.8l3.5 3.5 1.4-1.4L2.7 3.3zm7.2 7.2 2.6 2.6H12a2.5 2.5 0 0 1-2.5-2.5l.4-.1zM11.6 17c-3.8 0-7.2-2.1-8.8-5.5.7-1.4 1.6-2.6 2.8-3.5l1.9 1.9a4.5 4.5 0 0 0 5.7 5.7l1 1c-.8.3-1.7.4-2.6.4z'
                  : 'M12 4C7 4 2.7 7.1 1 11.5 2.7 15.9 7 19 12 19s9.3-3.1 11-7.5C21.3 7.1 17 4 12 4zm0 12.5a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z'
              }
            />
          </svg>
        </button>
      }
    />
  );
};

/** A submit (or plain) button that shows a spinner while busy; the action guards double submits. */
export const Button = ({
  busy = false,
  children,
  variant = 'primary',
  type = 'submit',
  onClick,
  describedBy,
}: {
  busy?: boolean;
  children: ComponentChildren;
  variant?: 'primary' | 'secondary' | 'link';
  type?: 'submit' | 'button';
  onClick?: () => void;
  /** Id of text that says what the button answers (the question of a screen without fields). */
  describedBy?: string;
}) => (
  <button
    type={type}
    class={`button button-${variant}`}
    aria-busy={busy || undefined}
    aria-disabled={busy || undefined}
    aria-describedby={describedBy}
    onClick={onClick}
  >
    {busy && <span class="spinner" aria-hidden="true" />}
    <span>{children}</span>
  </button>
);

/** A link to another page of the experience (navigates without a reload). */
export const PageLink = ({ to, children, describedBy }: { to: string; children: ComponentChildren; describedBy?: string }) => (
  <a
    href={href(to)}
    aria-describedby={describedBy}
    onClick={(event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      event.preventDefault();
      navigate(to);
    }}
  >
    {children}
  </a>
);

/**
 * A phrase with elements in it: each `{{name}}` in the phrase becomes `nodes[name]` (a link,
 * usually), so translators can order the sentence freely.
 */
export const Trans = ({
  phrase,
  nodes,
  values,
}: {
  phrase: PhraseKey;
  nodes: Record<string, ComponentChildren>;
  values?: Record<string, string | number>;
}) => {
  const markers = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0001${name}\u0001`]));
  const parts = t(phrase, { ...values, ...markers }).split('\u0001');
  return <>{parts.map((part, index) => (index % 2 === 1 ? <span key={index}>{nodes[part]}</span> : part))}</>;
};

/** "Back" under a step's form: returns to the page's first form. */
export const BackAction = ({ onBack }: { onBack: () => void }) => (
  <div class="secondary-actions">
    <Button type="button" variant="link" onClick={onBack}>
      {t('action.back')}
    </Button>
  </div>
);

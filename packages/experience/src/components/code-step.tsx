import { useEffect, useId, useRef, useState } from 'preact/hooks';

import { api } from '../lib/api.js';
import { t } from '../lib/i18n.js';
import { Page } from './page.js';
import { Button, Field, FormAlert, Notice, Trans, useAsyncAction, useAutoFocus, useErrorFocus, useFormErrors } from './form.js';

export type CodeIdentifier = { type: 'email' | 'phone'; value: string };

const resendDelaySeconds = 60;
const codeLength = 6;

/**
 * The digits of what was typed, pasted or autofilled, at most six: a code pasted from a message as
 * `123 456` or `123-456` is the whole code (a `maxlength` would have cut it to `123 45`).
 */
export const codeDigits = (value: string) => value.replace(/\D/g, '').slice(0, codeLength);

/** Counts down from `seconds` to 0 once a second; `restart` starts again. */
const useCountdown = (seconds: number) => {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      return;
    }
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, restart: () => setLeft(seconds) };
};

/**
 * The 6-digit code step: the code was sent when this step opened. Verifies it, then hands the
 * verified record's id to `onVerified` (which identifies, saves the profile, or submits). The code
 * can be sent again after a minute.
 */
export const CodeStep = ({
  identifier,
  verificationId: initialVerificationId,
  onVerified,
  onBack,
  title = t('code.title'),
}: {
  identifier: CodeIdentifier;
  verificationId: string;
  onVerified: (verificationId: string) => Promise<unknown>;
  onBack: () => void;
  title?: string;
}) => {
  const [code, setCode] = useState('');
  const verificationId = useRef(initialVerificationId);
  const [resent, setResent] = useState(false);
  const { left, restart } = useCountdown(resendDelaySeconds);
  const { busy, run } = useAsyncAction();
  const resend = useAsyncAction();
  const { errors, setErrors, fail, clear } = useFormErrors({ code: 'code', identifier: 'code' });
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useAutoFocus<HTMLInputElement>();
  const descriptionId = `code-description-${useId()}`;
  useErrorFocus(formRef, errors);

  const verify = (digits: string) => {
    if (digits.length !== codeLength) {
      setErrors({ fields: { code: [t('errors.code_format')] } });
      return;
    }
    clear();
    void run(async () => {
      const verified = await api.verifyCode(identifier, verificationId.current, digits);
      await onVerified(verified.verificationId);
    }, fail);
  };

  const sendAgain = () => {
    setResent(false);
    void resend.run(async () => {
      const sent = await api.sendCode(identifier);
      verificationId.current = sent.verificationId;
      setCode('');
      clear();
      setResent(true);
      restart();
      inputRef.current?.focus();
    }, fail);
  };

  return (
    <Page
      title={title}
      // The address or number stays left to right inside right-to-left text; the field reads this
      // sentence (how many digits, sent where) as its description.
      description={<Trans phrase="code.description" nodes={{ target: <bdi>{identifier.value}</bdi> }} />}
      descriptionId={descriptionId}
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          verify(code);
        }}
      >
        {resent && <Notice>{t('code.resent')}</Notice>}
        <FormAlert message={errors.form} />
        <Field
          label={t('field.code')}
          name="code"
          value={code}
          onValue={(value) => {
            const digits = codeDigits(value);
            // Keep only the digits in the field itself (state alone would not undo a typed letter).
            if (inputRef.current && inputRef.current.value !== digits) {
              inputRef.current.value = digits;
            }
            setCode(digits);
            // Submit as soon as the sixth digit is typed or pasted.
            if (digits.length === codeLength && !busy) {
              verify(digits);
            }
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          dir="ltr"
          describedBy={descriptionId}
          errors={errors.fields.code}
          inputRef={inputRef}
        />
        <Button busy={busy}>{t('action.continue')}</Button>
      </form>
      <div class="secondary-actions">
        {left > 0 ? (
          <p class="countdown">{t('code.resend_in', { seconds: left })}</p>
        ) : (
          <Button type="button" variant="link" busy={resend.busy} onClick={sendAgain}>
            {t('code.resend')}
          </Button>
        )}
        <Button type="button" variant="link" onClick={onBack}>
          {t('action.back')}
        </Button>
      </div>
    </Page>
  );
};

import { useEffect, useId, useRef, useState } from 'preact/hooks';

import { api } from '../lib/api.js';
import { t } from '../lib/i18n.js';
import { type CodeIdentifier, type PendingCode, loadPendingCode, resendWait, savePendingCode } from '../lib/pending-code.js';
import { currentStep, pushStep, useLocation } from '../lib/router.js';
import { useApp } from './app-context.js';
import { Page } from './page.js';
import { Button, Field, FormAlert, Notice, Trans, useAsyncAction, useAutoFocus, useErrorFocus, useFormErrors } from './form.js';
import { IdentifierText } from './identifier-field.js';

export type { CodeIdentifier } from '../lib/pending-code.js';

const resendDelaySeconds = 60;
const codeLength = 6;

/**
 * The digits of what was typed, pasted or autofilled, at most six: a code pasted from a message as
 * `123 456` or `123-456` is the whole code (a `maxlength` would have cut it to `123 45`).
 */
export const codeDigits = (value: string) => value.replace(/\D/g, '').slice(0, codeLength);

/** Counts down from `initial` to 0 once a second; `restart` starts again from `seconds`. */
const useCountdown = (seconds: number, initial = seconds) => {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) {
      return;
    }
    const timer = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, restart: () => setLeft(seconds) };
};

type CodeStepProps = {
  identifier: CodeIdentifier;
  verificationId: string;
  onVerified: (verificationId: string) => Promise<unknown>;
  onBack: () => void;
  title?: string;
  /** When the code was sent, when not just now (a reload): the wait to send another goes on from there. */
  sentAt?: number | undefined;
  /** The code was accepted before a reload: go on with `onVerified` at once. */
  resume?: boolean | undefined;
  /** Called with the verification's id once the code is accepted, before `onVerified`. */
  onAccepted?: ((verificationId: string) => void) | undefined;
  /** Called with the new verification's id when the code was sent again. */
  onResent?: ((verificationId: string) => void) | undefined;
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
  sentAt,
  resume,
  onAccepted,
  onResent,
}: CodeStepProps) => {
  const [code, setCode] = useState('');
  const verificationId = useRef(initialVerificationId);
  const [resent, setResent] = useState(false);
  const { left, restart } = useCountdown(resendDelaySeconds, sentAt === undefined ? resendDelaySeconds : resendWait(sentAt, resendDelaySeconds));
  const { busy, run } = useAsyncAction();
  const resend = useAsyncAction();
  const { errors, setErrors, fail, clear } = useFormErrors({ code: 'code', identifier: 'code' });
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useAutoFocus<HTMLInputElement>();
  const descriptionId = `code-description-${useId()}`;
  useErrorFocus(formRef, errors);

  useEffect(() => {
    if (resume) {
      void run(() => onVerified(verificationId.current), fail);
    }
  }, []);

  const verify = (digits: string) => {
    if (digits.length !== codeLength) {
      setErrors({ fields: { code: [t('errors.code_format')] } });
      return;
    }
    clear();
    void run(async () => {
      const verified = await api.verifyCode(identifier, verificationId.current, digits);
      onAccepted?.(verified.verificationId);
      await onVerified(verified.verificationId);
    }, fail);
  };

  const sendAgain = () => {
    setResent(false);
    void resend.run(async () => {
      const sent = await api.sendCode(identifier);
      verificationId.current = sent.verificationId;
      onResent?.(sent.verificationId);
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
      // The address or number (in international format, with its plus) stays left to right inside
      // right-to-left text; the field reads this sentence (how many digits, sent where) as its description.
      description={<Trans phrase="code.description" nodes={{ target: <IdentifierText identifier={identifier} /> }} />}
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

/**
 * The code step of a page (`/sign-in`, `/register`, `/forgot-password`, `/continue`) as a history
 * entry of its own, kept in session storage for the interaction while the page is shown: browser
 * Back returns to the page's form, Forward and a reload show the step again for the code already
 * sent, and once the code was accepted a reload goes on from there.
 */
export const useCodeStep = (page: string) => {
  const { config } = useApp();
  const { step } = useLocation();
  const interactionId = config.interaction?.id ?? '';
  /** The page's last code step, also after Back: its address fills the form again. */
  const saved = loadPendingCode(interactionId, page);
  /** The code step the current history entry shows. */
  const pending = step === 'code' ? saved : undefined;
  const update = (changes: Partial<PendingCode>) => {
    const current = loadPendingCode(interactionId, page);
    if (current) {
      savePendingCode({ ...current, ...changes });
    }
  };
  const back = () => window.history.back();
  // Leaving for another page (the profile form, say) ends the step: browser Back then shows this
  // page's form, instead of the step going on again and forward to where the user came from.
  useEffect(
    () => () => {
      if (loadPendingCode(interactionId, page)) {
        savePendingCode(undefined);
      }
    },
    [],
  );
  return {
    saved,
    pending,
    /**
     * Shows the step for a code just sent. A code step that follows another (the next address of
     * `queue`) takes that one's history entry: Back returns to the form.
     */
    open: (identifier: CodeIdentifier, verificationId: string, agreeToTerms?: boolean, queue?: CodeIdentifier[]) => {
      savePendingCode({
        interactionId,
        page,
        identifier,
        verificationId,
        sentAt: Date.now(),
        ...(agreeToTerms !== undefined && { agreeToTerms }),
        ...(queue && { queue }),
      });
      pushStep('code', { replace: currentStep() === 'code' });
    },
    /** Back to the page's form, as browser Back. */
    back,
    /** Forgets the step (it cannot succeed), then goes back to the form. */
    abandon: () => {
      savePendingCode(undefined);
      back();
    },
    /** The props of `CodeStep` for the pending step. */
    stepProps: (current: PendingCode) => ({
      identifier: current.identifier,
      verificationId: current.verificationId,
      sentAt: current.sentAt,
      resume: current.verified,
      onAccepted: (verificationId: string) => update({ verificationId, verified: true }),
      onResent: (verificationId: string) => update({ verificationId, sentAt: Date.now(), verified: false }),
      onBack: back,
    }),
  };
};

import { useId } from 'preact/hooks';

import { t } from '../lib/i18n.js';
import type { TermsDisplay } from '../lib/terms.js';
import type { PhraseKey } from '../locales/en.js';
import { useApp } from './app-context.js';
import { FieldErrors, Trans } from './form.js';

const phraseFor = (display: TermsDisplay, hasTerms: boolean, hasPrivacy: boolean): PhraseKey => {
  const which = hasTerms && hasPrivacy ? 'both' : hasTerms ? 'terms' : 'privacy';
  return display === 'checkbox' ? `terms.checkbox_${which}` : `terms.notice_${which}`;
};

/** The terms of use and privacy policy: a checkbox to tick, or a notice, with links to both documents. */
export const Terms = ({
  display,
  checked,
  onChange,
  errors,
}: {
  display: TermsDisplay;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors?: string[] | undefined;
}) => {
  const { config } = useApp();
  const id = `terms-${useId()}`;
  if (display === 'none') {
    return null;
  }
  const { termsOfUseUrl, privacyPolicyUrl } = config;
  const nodes = {
    terms: termsOfUseUrl && (
      <a href={termsOfUseUrl} target="_blank" rel="noopener noreferrer">
        {t('terms.terms_of_use')}
      </a>
    ),
    privacy: privacyPolicyUrl && (
      <a href={privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
        {t('terms.privacy_policy')}
      </a>
    ),
  };
  const phrase = phraseFor(display, Boolean(termsOfUseUrl), Boolean(privacyPolicyUrl));
  if (display === 'notice') {
    return (
      <p class="terms-notice">
        <Trans phrase={phrase} nodes={nodes} />
      </p>
    );
  }
  return (
    <div class="field checkbox-field">
      <div class="checkbox-row">
        <input
          id={id}
          type="checkbox"
          name="agreeToTerms"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          aria-invalid={errors?.length ? 'true' : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
        />
        <label for={id}>
          <Trans phrase={phrase} nodes={nodes} />
        </label>
      </div>
      <FieldErrors id={`${id}-error`} messages={errors} />
    </div>
  );
};

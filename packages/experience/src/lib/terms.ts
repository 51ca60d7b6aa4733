export type AgreeToTermsPolicy = 'Automatic' | 'ManualRegistrationOnly' | 'Manual';

/** How a page presents the terms: not at all, a checkbox the user must tick, or a notice with links. */
export type TermsDisplay = 'none' | 'checkbox' | 'notice';

export const termsDisplay = (
  config: { termsOfUseUrl: string | null; privacyPolicyUrl: string | null; agreeToTermsPolicy: AgreeToTermsPolicy },
  page: 'signIn' | 'register',
): TermsDisplay => {
  if (!config.termsOfUseUrl && !config.privacyPolicyUrl) {
    return 'none';
  }
  switch (config.agreeToTermsPolicy) {
    case 'Manual': {
      return 'checkbox';
    }
    case 'ManualRegistrationOnly': {
      return page === 'register' ? 'checkbox' : 'none';
    }
    case 'Automatic': {
      return 'notice';
    }
  }
};

/** The `agreeToTerms` of `POST /submit`: true when ticked or shown as a notice, else omitted. */
export const agreeToTermsFor = (display: TermsDisplay, checked: boolean): boolean | undefined =>
  display === 'notice' || (display === 'checkbox' && checked) ? true : undefined;

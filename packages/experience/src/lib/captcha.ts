/**
 * The tenant's captcha (Turnstile or reCAPTCHA Enterprise): the provider's script is loaded when the
 * configuration has one, and a fresh token is fetched for each `PUT /` that starts a flow.
 */
export type CaptchaConfig = { type: 'Turnstile' | 'RecaptchaEnterprise'; siteKey: string; action: string };

type Turnstile = {
  render: (container: HTMLElement, options: Record<string, unknown>) => string;
  execute: (widget: string) => void;
  reset: (widget: string) => void;
};
type Grecaptcha = {
  enterprise: { ready: (callback: () => void) => void; execute: (siteKey: string, options: { action: string }) => Promise<string> };
};
type CaptchaWindow = Window & { turnstile?: Turnstile; grecaptcha?: Grecaptcha };

export class CaptchaError extends Error {}

let config: CaptchaConfig | null = null;
let scriptLoaded: Promise<void> | undefined;
let widgetId: string | undefined;
let waiting: { resolve: (token: string) => void; reject: (error: Error) => void } | undefined;

const loadScript = (src: string) =>
  new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new CaptchaError('captcha script failed to load'));
    document.head.append(script);
  });

export const initCaptcha = (captcha: CaptchaConfig | null) => {
  config = captcha;
  if (!captcha || scriptLoaded) {
    return;
  }
  scriptLoaded =
    captcha.type === 'Turnstile'
      ? loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit')
      : loadScript(`https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(captcha.siteKey)}`);
  // A failure is reported when a token is needed, not as an unhandled rejection now.
  scriptLoaded.catch(() => undefined);
};

/** The element the Turnstile widget lives in (shown only when Cloudflare needs the user to interact). */
const turnstileContainer = () => document.querySelector<HTMLElement>('#captcha');

const turnstileToken = (turnstile: Turnstile, { siteKey, action }: CaptchaConfig, language: string) =>
  new Promise<string>((resolve, reject) => {
    const container = turnstileContainer();
    if (!container) {
      reject(new CaptchaError('no captcha container'));
      return;
    }
    waiting = { resolve, reject };
    if (widgetId === undefined) {
      widgetId = turnstile.render(container, {
        sitekey: siteKey,
        action,
        execution: 'execute',
        appearance: 'interaction-only',
        language,
        callback: (token: string) => waiting?.resolve(token),
        'error-callback': () => waiting?.reject(new CaptchaError('captcha failed')),
        'expired-callback': () => waiting?.reject(new CaptchaError('captcha expired')),
      });
    } else {
      // A Turnstile token is good for one verification: start a new challenge each time.
      turnstile.reset(widgetId);
    }
    turnstile.execute(widgetId);
  });

/** A new token, or undefined when the tenant has no captcha. Throws CaptchaError when the check cannot be done. */
export const getCaptchaToken = async (language: string): Promise<string | undefined> => {
  if (!config) {
    return undefined;
  }
  if (!scriptLoaded) {
    initCaptcha(config);
  }
  await scriptLoaded;
  const captchaWindow = window as CaptchaWindow;
  if (config.type === 'Turnstile') {
    if (!captchaWindow.turnstile) {
      throw new CaptchaError('turnstile missing');
    }
    return turnstileToken(captchaWindow.turnstile, config, language);
  }
  const grecaptcha = captchaWindow.grecaptcha;
  if (!grecaptcha) {
    throw new CaptchaError('grecaptcha missing');
  }
  const { siteKey, action } = config;
  return new Promise<string>((resolve, reject) => {
    grecaptcha.enterprise.ready(() => {
      grecaptcha.enterprise.execute(siteKey, { action }).then(resolve, () => reject(new CaptchaError('captcha failed')));
    });
  });
};

import type { AccountChoice } from '@gatehouse/schemas';
import { useEffect, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { Button, FormAlert, useAsyncAction, useAutoFocus, useFormErrors } from '../components/form.js';
import { Page } from '../components/page.js';
import { SignedInUser, displayNameOf } from '../components/signed-in-user.js';
import { api } from '../lib/api.js';
import { redirectTo } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import { usePhone } from '../lib/phone-loader.js';

type Choice = 'continue' | 'another';

/** Each button's call, for the interaction the page was shown for (another tab may have started one since). */
const choiceCalls = { continue: api.continueWithAccount, another: api.useAnotherAccount } satisfies Record<Choice, unknown>;

/**
 * The account choice of `prompt=select_account` in a signed-in browser: continue with the signed-in
 * account (`POST /select-account`), or sign in with another (`POST /select-account/switch`, the
 * app's request again with a sign-in).
 */
export default function SelectAccountPage() {
  const { config, dark } = useApp();
  const [info, setInfo] = useState<AccountChoice>();
  const [choice, setChoice] = useState<Choice>();
  const { busy, run } = useAsyncAction();
  const { errors, fail } = useFormErrors();
  // "Continue as +1 555 123 4567": the phone number in international format once the module is there.
  usePhone(Boolean(info?.user.primaryPhone));
  // Once the account is shown, the heading takes the focus, then Tab reaches the choices.
  const headingRef = useAutoFocus<HTMLHeadingElement>(Boolean(info), Boolean(info));

  useEffect(() => {
    void run(async () => setInfo(await api.accountChoice()), fail);
  }, []);

  const appName = info?.application.name ?? config.interaction?.application.name ?? '';
  const choose = (next: Choice) => {
    setChoice(next);
    void run(async () => {
      const { redirectTo: url } = await choiceCalls[next](info!.interactionId);
      await redirectTo(url);
    }, fail);
  };

  const title = t('select_account.title');
  const description = appName ? t('select_account.description', { app: appName }) : undefined;
  if (!info) {
    return (
      <Page title={title} description={description}>
        <FormAlert message={errors.form} />
        {busy && <p class="description">{t('app.loading')}</p>}
      </Page>
    );
  }

  const logo = (dark && info.application.darkLogoUri) || info.application.logoUri;
  return (
    <Page title={title} description={description} headingRef={headingRef}>
      {logo && <img class="consent-app-logo" src={logo} alt="" width={48} height={48} />}
      <SignedInUser user={info.user} />
      <FormAlert message={errors.form} />
      <div class="consent-actions">
        <Button type="button" busy={busy && choice === 'continue'} onClick={() => choose('continue')}>
          {t('select_account.continue', { name: displayNameOf(info.user) })}
        </Button>
        <Button type="button" variant="secondary" busy={busy && choice === 'another'} onClick={() => choose('another')}>
          {t('consent.switch_account')}
        </Button>
      </div>
    </Page>
  );
}

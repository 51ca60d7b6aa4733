import type { ConsentInfo } from '@gatehouse/schemas';

import { t } from '../lib/i18n.js';
import { displayPhone, usePhone } from '../lib/phone-loader.js';

/**
 * The name a page shows for the signed-in user: their name, else their first identifier (a phone
 * number in international format, isolated so that it reads left to right in any sentence).
 */
export const displayNameOf = (user: ConsentInfo['user']) =>
  user.name || user.username || user.primaryEmail || (user.primaryPhone && `\u2066${displayPhone(user.primaryPhone)}\u2069`) || user.id;

/** Who the browser is signed in as (avatar or initial, name, another identifier), on the consent and account-choice pages. */
export const SignedInUser = ({ user }: { user: ConsentInfo['user'] }) => {
  // A phone number is shown in international format once the phone module is there.
  usePhone(Boolean(user.primaryPhone));
  const phone = user.primaryPhone ? displayPhone(user.primaryPhone) : undefined;
  const named = user.name || user.username || user.primaryEmail;
  const userName = named || phone || user.id;
  const secondary = [user.primaryEmail, user.username, phone].find((value) => value && value !== userName);
  // A phone number reads left to right on a right-to-left page too.
  const shown = (value: string) => (value === phone ? <bdi dir="ltr">{value}</bdi> : value);
  return (
    <div class="consent-user">
      {user.avatar ? (
        <img class="avatar" src={user.avatar} alt="" width={40} height={40} />
      ) : (
        <span class="avatar avatar-initial" aria-hidden="true">
          {/* A phone number's initial is its first digit, not its plus. */}
          {[...(named || user.primaryPhone || user.id)][0]?.toUpperCase()}
        </span>
      )}
      <div>
        <div class="consent-user-label">{t('consent.signed_in_as')}</div>
        <div class="consent-user-name">{shown(userName)}</div>
        {secondary && <div class="consent-user-detail">{shown(secondary)}</div>}
      </div>
    </div>
  );
};

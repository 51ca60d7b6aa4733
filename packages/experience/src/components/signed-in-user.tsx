import type { ConsentInfo } from '@gatehouse/schemas';

import { t } from '../lib/i18n.js';

/** The name a page shows for the signed-in user: their name, else their first identifier. */
export const displayNameOf = (user: ConsentInfo['user']) => user.name || user.username || user.primaryEmail || user.primaryPhone || user.id;

/** Who the browser is signed in as (avatar or initial, name, another identifier), on the consent and account-choice pages. */
export const SignedInUser = ({ user }: { user: ConsentInfo['user'] }) => {
  const userName = displayNameOf(user);
  const secondary = [user.primaryEmail, user.username, user.primaryPhone].find((value) => value && value !== userName);
  return (
    <div class="consent-user">
      {user.avatar ? (
        <img class="avatar" src={user.avatar} alt="" width={40} height={40} />
      ) : (
        <span class="avatar avatar-initial" aria-hidden="true">
          {[...userName][0]?.toUpperCase()}
        </span>
      )}
      <div>
        <div class="consent-user-label">{t('consent.signed_in_as')}</div>
        <div class="consent-user-name">{userName}</div>
        {secondary && <div class="consent-user-detail">{secondary}</div>}
      </div>
    </div>
  );
};

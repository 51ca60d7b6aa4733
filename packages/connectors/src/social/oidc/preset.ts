import { type SocialAuthorizationInput, type SocialSession, type SocialUserInfo } from '../../kit/types.js';
import { compact } from '../claims.js';
import { mapStandardClaims } from './claims.js';
import { buildOidcAuthorizationUri, completeOidcSignIn, type OidcSettings } from './flow.js';

/** The two social methods of an OIDC preset, from a function that turns its config into settings. */
export const oidcPresetMethods = <C>(
  settingsOf: (config: C) => OidcSettings | Promise<OidcSettings>,
  mapClaims: (claims: Record<string, unknown>, data: Record<string, unknown>) => Partial<SocialUserInfo> = () => ({}),
) => ({
  async getAuthorizationUri(config: C, input: SocialAuthorizationInput) {
    return buildOidcAuthorizationUri(await settingsOf(config), input);
  },
  async getUserInfo(config: C, data: Record<string, unknown>, session: SocialSession) {
    const { claims, tokens } = await completeOidcSignIn(await settingsOf(config), data, session);
    // Overrides may clear a standard field by setting it to undefined.
    return compact({ ...mapStandardClaims(claims, tokens), ...mapClaims(claims, data) });
  },
});

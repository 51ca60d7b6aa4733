import type { ExperienceConfig } from '@gatehouse/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { applyApplicationBranding, findApplicationSignInExperience } from '../applications/application-sign-in-experience.service.js';
import { listSocialButtons, messageConnectorTypes } from '../connectors/connectors.service.js';
import { captchaAction, findCaptchaConfig } from '../sign-in-experience/captcha-provider.service.js';
import { listCustomPhrases } from '../sign-in-experience/custom-phrases.service.js';
import { findInteractionAndState } from './experience-session.js';

const lastApplicationCookie = (tenantId: string) => `gatehouse_app_${tenantId.replace(/\W/g, '_')}`;

/**
 * Remembers (HttpOnly, for this browser session) which app the browser is signing in to, so a page
 * opened once that sign-in is over (browser Back, an expired link) can offer the way back to it.
 * Only the client id is kept: where the link goes is read from the app's registration.
 */
export const rememberApplication = (request: FastifyRequest, reply: FastifyReply, clientId: string) => {
  const base = new URL(request.tenantRuntime().baseUrl);
  reply.setCookie(lastApplicationCookie(request.tenantId), clientId, {
    path: base.pathname,
    httpOnly: true,
    sameSite: 'lax',
    secure: base.protocol === 'https:',
  });
};

const webUrl = (uri: string) => {
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The remembered app and its own address: its first registered web sign-out landing page (a
 * post-logout redirect URI), else the origin of its first web redirect URI. Never a URL from the
 * request, so the link cannot be pointed elsewhere; native apps with only custom schemes get none.
 */
const rememberedApplication = async (request: FastifyRequest): Promise<ExperienceConfig['lastApplication']> => {
  const clientId = request.cookies[lastApplicationCookie(request.tenantId)];
  const client = clientId ? await request.tenantRuntime().client(clientId) : undefined;
  if (!clientId || !client) {
    return null;
  }
  const { postLogoutRedirectUris = [], redirectUris = [] } = client.source.oidcClientMetadata;
  const landing = postLogoutRedirectUris.map(webUrl).find(Boolean)?.href;
  const callback = redirectUris.map(webUrl).find(Boolean);
  const url = landing ?? (callback && `${callback.origin}/`);
  if (!url) {
    return null;
  }
  const appBranding = await request.tenantScope().transaction((tx) => findApplicationSignInExperience(tx, clientId));
  return { name: appBranding?.displayName ?? client.source.name, url };
};

/**
 * The app's `login_hint` as the pages pre-fill it (OpenID Connect Core 3.1.2.1): only a value that
 * could be an identifier (at most 128 characters, no control characters), trimmed. It fills the
 * field and nothing else: the user still proves who they are, and nothing says whether it exists.
 */
const loginHintOf = (value: unknown) => {
  const hint = typeof value === 'string' ? value.trim() : '';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return hint && hint.length <= 128 && !/[\u0000-\u001f\u007f]/.test(hint) ? hint : null;
};

/** The interaction as the pages need it (which screen, for which app), with the app's branding overrides. */
const describeInteraction = async (request: FastifyRequest, reply: FastifyReply) => {
  const found = await findInteractionAndState(request, reply);
  if (!found) {
    return { interaction: null, appBranding: undefined };
  }
  const { interaction, state } = found;
  const runtime = request.tenantRuntime();
  const scope = request.tenantScope();
  const clientId = String(interaction.params.client_id ?? '');
  const client = await runtime.client(clientId);
  const appBranding = client ? await scope.transaction((tx) => findApplicationSignInExperience(tx, clientId)) : undefined;
  const prompts = String(interaction.params.prompt ?? '').split(' ');
  const described: ExperienceConfig['interaction'] = {
    id: interaction.uid,
    prompt: interaction.prompt.name === 'consent' || interaction.prompt.name === 'select_account' ? interaction.prompt.name : 'login',
    firstScreen: interaction.params.first_screen === 'register' || prompts.includes('create') ? 'register' : 'signIn',
    loginHint: loginHintOf(interaction.params.login_hint),
    uiLocales: typeof interaction.params.ui_locales === 'string' ? interaction.params.ui_locales.split(/\s+/).filter(Boolean).slice(0, 20) : [],
    application: {
      id: clientId,
      name: appBranding?.displayName ?? client?.source.name ?? clientId,
      logoUri: appBranding?.branding.logoUrl ?? client?.source.oidcClientMetadata.logoUri ?? null,
    },
    event: state?.event ?? null,
  };
  return { interaction: described, appBranding };
};

/** Everything the hosted pages render, without a single secret. */
export const buildExperienceConfig = async (request: FastifyRequest, reply: FastifyReply): Promise<ExperienceConfig> => {
  const scope = request.tenantScope();
  const [tenantSettings, socialButtons, messageTypes, captcha, fields, phrases, { interaction, appBranding }] = await Promise.all([
    request.tenantRuntime().signInExperience(),
    listSocialButtons(scope),
    messageConnectorTypes(scope),
    findCaptchaConfig(scope),
    request.tenantRuntime().customProfileFields(),
    listCustomPhrases(scope),
    describeInteraction(request, reply),
  ]);
  const lastApplication = interaction ? null : await rememberedApplication(request);
  // The application that started the sign-in may bring its own logo, colours and terms.
  const settings = applyApplicationBranding(tenantSettings, appBranding);
  const social = settings.socialSignInConnectorTargets.flatMap((target) => socialButtons.filter((button) => button.target === target));
  return {
    tenantId: scope.tenantId,
    color: settings.color,
    branding: settings.branding,
    languageInfo: settings.languageInfo,
    termsOfUseUrl: settings.termsOfUseUrl,
    privacyPolicyUrl: settings.privacyPolicyUrl,
    agreeToTermsPolicy: settings.agreeToTermsPolicy,
    signIn: settings.signIn,
    signUp: settings.signUp,
    signInMode: settings.signInMode,
    socialSignIn: settings.socialSignIn,
    socialConnectors: social,
    customCss: settings.customCss,
    customContent: settings.customContent,
    passwordPolicy: { length: settings.passwordPolicy.length, characterTypes: settings.passwordPolicy.characterTypes },
    captcha: settings.captchaPolicy.enabled && captcha ? { type: captcha.type, siteKey: captcha.siteKey, action: captchaAction } : null,
    supportEmail: settings.supportEmail,
    supportWebsiteUrl: settings.supportWebsiteUrl,
    customProfileFields: fields,
    phrases: Object.fromEntries(phrases.map((phrase) => [phrase.languageTag, phrase.translation])),
    forgotPassword: {
      email: messageTypes.includes('Email'),
      phone: messageTypes.includes('Sms'),
    },
    interaction,
    lastApplication,
  };
};

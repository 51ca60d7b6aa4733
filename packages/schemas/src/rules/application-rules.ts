import type {
  ApplicationType,
  CustomClientMetadata,
  OidcClientMetadata,
  ProtectedAppMetadata,
} from '../entities/applications.js';
import { thirdPartyCapableTypes } from '../entities/applications.js';
import { isNativeHttpRedirectUri, isNativeRedirectUri, isWebRedirectUri } from './patterns.js';

export type RuleIssue = { path: string; code: string; message: string };

type ApplicationShape = {
  type: ApplicationType;
  oidcClientMetadata: Partial<OidcClientMetadata>;
  customClientMetadata: CustomClientMetadata;
  protectedAppMetadata: Partial<ProtectedAppMetadata> | null;
  isThirdParty: boolean;
};

const redirectUriRule = (type: ApplicationType) => {
  if (type === 'Native') {
    // Mobile apps use a custom scheme; desktop and universal-link apps may use http(s) (RFC 8252).
    return {
      accepts: (uri: string) => isNativeRedirectUri(uri) || isNativeHttpRedirectUri(uri),
      message:
        'Must be a custom-scheme URI (e.g. com.example.app://callback), http on a loopback host, or https on a real host.',
    };
  }
  return { accepts: isWebRedirectUri, message: 'Must be an absolute http(s) URL without a fragment (#).' };
};

/**
 * Rules that depend on the application type. Runs on create and on the merged result of a patch,
 * so a patch can never leave an application in a state create would refuse.
 */
export const checkApplicationRules = (app: ApplicationShape): RuleIssue[] => {
  const issues: RuleIssue[] = [];
  const { type, oidcClientMetadata } = app;
  const rule = redirectUriRule(type);

  for (const key of ['redirectUris', 'postLogoutRedirectUris'] as const) {
    const uris = oidcClientMetadata[key] ?? [];
    for (const [index, uri] of uris.entries()) {
      if (!rule.accepts(uri)) {
        issues.push({ path: `oidcClientMetadata.${key}.${index}`, code: 'invalid_uri', message: rule.message });
      }
    }
    if (new Set(uris).size !== uris.length) {
      issues.push({ path: `oidcClientMetadata.${key}`, code: 'duplicate', message: 'Contains the same URI twice.' });
    }
  }

  if ((type === 'MachineToMachine' || type === 'SAML') && (oidcClientMetadata.redirectUris?.length ?? 0) > 0) {
    issues.push({
      path: 'oidcClientMetadata.redirectUris',
      code: 'not_applicable',
      message: `${type} applications do not use redirect URIs.`,
    });
  }

  if (type === 'Protected') {
    if (!app.protectedAppMetadata?.host || !app.protectedAppMetadata.origin) {
      issues.push({
        path: 'protectedAppMetadata',
        code: 'required',
        message: 'Protected applications need protectedAppMetadata with host, origin and sessionDuration.',
      });
    }
  } else if (app.protectedAppMetadata) {
    issues.push({
      path: 'protectedAppMetadata',
      code: 'not_applicable',
      message: 'Only Protected applications take protectedAppMetadata.',
    });
  }

  if (app.isThirdParty && !thirdPartyCapableTypes.includes(type)) {
    issues.push({
      path: 'isThirdParty',
      code: 'not_applicable',
      message: `Only ${thirdPartyCapableTypes.join(', ')} applications can be third-party.`,
    });
  }

  return issues;
};

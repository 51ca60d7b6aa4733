import type { ApplicationType } from '@gatehouse/schemas';

/**
 * Integration guides are data: each step's code is a template filled in with the real values of
 * the application (or API) and the tenant. The page only renders them.
 */

/** What a step does; its title and description are phrases `guides.step.<kind>.…`. */
export type StepKind =
  | 'install'
  | 'configure'
  | 'secret'
  | 'redirect_scheme'
  | 'sign_in'
  | 'sign_out'
  | 'call_api'
  | 'fetch_token'
  | 'validate'
  | 'check_scopes';

export type CodeLanguage = 'bash' | 'env' | 'ts' | 'tsx' | 'js' | 'gradle' | 'xml' | 'python';

export type CodeTemplate<Context> = {
  /** The file the code goes in; absent for commands to run. */
  file?: string;
  language: CodeLanguage;
  code: (context: Context) => string;
};

export type GuideStep<Context> = { kind: StepKind; blocks: CodeTemplate<Context>[] };

/** Values an application guide is filled in with. */
export type AppGuideContext = {
  appId: string;
  /** The tenant's OIDC issuer (`{endpoint}/oidc`); discovery is `{issuer}/.well-known/openid-configuration`. */
  issuer: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** The API resource indicator the access token is asked for. */
  resource: string;
  /** A permission of that API ('' when it has none). */
  scope: string;
  /** The app secret, only once the user chose to show it in the code. */
  secret: string | null;
};

/** Values an API resource guide is filled in with. */
export type ApiGuideContext = {
  issuer: string;
  /** The API's identifier: the audience of its access tokens. */
  resource: string;
  /** A permission of the API ('' when it has none). */
  scope: string;
};

export type AppGuide = {
  id: string;
  /** Product names (React, Next.js…): the same in every language. */
  title: string;
  /** The libraries the code uses, for the guide's subtitle. */
  libraries: string[];
  types: readonly ApplicationType[];
  /**
   * Where the library receives the code. Fixed paths (Auth.js) must match; otherwise any of the
   * app's redirect URIs of the right form works, and `defaultRedirectUri` stands in when it has none.
   */
  redirectPath?: string;
  defaultRedirectUri: string;
  defaultPostLogoutRedirectUri: string;
  steps: GuideStep<AppGuideContext>[];
};

export type ApiGuide = {
  id: string;
  title: string;
  libraries: string[];
  steps: GuideStep<ApiGuideContext>[];
};

/** A single-quoted JavaScript string literal. */
export const jsString = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;

/** A double-quoted string literal (Python, Swift, Kotlin, Go and JSON share these escapes for our values). */
export const dqString = (value: string) => JSON.stringify(value);

/** A single-quoted shell word. */
export const shellWord = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/** The scheme of a custom-scheme redirect URI (`com.example.app://callback` → `com.example.app`). */
export const uriScheme = (uri: string) => uri.slice(0, Math.max(0, uri.indexOf(':')));

/** openid-client and AppAuth refuse plain-http issuers unless told: only local development uses one. */
export const isPlainHttp = (issuer: string) => issuer.startsWith('http://');

export type RenderedStep = { kind: StepKind; blocks: { file: string | undefined; language: CodeLanguage; code: string }[] };

/** A guide's steps with their code filled in. */
export const renderSteps = <Context>(steps: readonly GuideStep<Context>[], context: Context): RenderedStep[] =>
  steps.map((step) => ({
    kind: step.kind,
    blocks: step.blocks.map((block) => ({ file: block.file, language: block.language, code: block.code(context) })),
  }));

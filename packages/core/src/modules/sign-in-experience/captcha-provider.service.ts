import { type CaptchaProviderConfig, captchaProviderConfigSchema, secretMask } from '@gatehouse/schemas';

import { ApiError, notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { GatehouseConfig } from '../../config.js';
import { generateId } from '../../crypto/ids.js';
import { assertWorkable, readSignInExperience } from './sign-in-experience.service.js';
import { captchaProviders } from './sign-in-experience.table.js';

type Row = typeof captchaProviders.$inferSelect;
const sealContext = (tenantId: string) => `captcha:${tenantId}`;

const openConfig = (scope: TenantScope, row: Row) =>
  captchaProviderConfigSchema.parse(JSON.parse(scope.box.open(row.configSealed, sealContext(scope.tenantId))));

const toResponse = (scope: TenantScope, row: Row) => ({
  id: row.id,
  config: { ...openConfig(scope, row), secretKey: secretMask },
  createdAt: row.createdAt.getTime(),
  updatedAt: row.updatedAt.getTime(),
});

export const findCaptchaConfig = async (scope: TenantScope): Promise<CaptchaProviderConfig | undefined> => {
  const [row] = await scope.transaction((tx) => tx.select().from(captchaProviders));
  return row ? openConfig(scope, row) : undefined;
};

export const getCaptchaProvider = async (scope: TenantScope) => {
  const [row] = await scope.transaction((tx) => tx.select().from(captchaProviders));
  if (!row) {
    throw notFound('captcha provider', scope.tenantId);
  }
  return toResponse(scope, row);
};

/** Sets the provider; a masked secret sent back keeps the stored one. */
export const putCaptchaProvider = (scope: TenantScope, config: CaptchaProviderConfig) =>
  scope.transaction(async (tx) => {
    const [existing] = await tx.select().from(captchaProviders).for('update');
    let next = config;
    if (config.secretKey === secretMask) {
      const stored = existing ? openConfig(scope, existing) : undefined;
      if (!stored || stored.type !== config.type) {
        throw new ApiError(422, 'captcha.secret_required');
      }
      next = { ...config, secretKey: stored.secretKey };
    }
    const configSealed = scope.box.seal(JSON.stringify(next), sealContext(scope.tenantId));
    const [row] = await tx
      .insert(captchaProviders)
      .values({ tenantId: scope.tenantId, id: existing?.id ?? generateId(), type: next.type, configSealed })
      .onConflictDoUpdate({ target: captchaProviders.tenantId, set: { type: next.type, configSealed, updatedAt: new Date() } })
      .returning();
    return toResponse(scope, row!);
  });

/** Refused (422, nothing deleted) while the sign-in experience requires a captcha. */
export const deleteCaptchaProvider = (scope: TenantScope) =>
  scope.transaction(async (tx) => {
    const deleted = await tx.delete(captchaProviders).returning({ id: captchaProviders.id });
    if (deleted.length === 0) {
      throw notFound('captcha provider', scope.tenantId);
    }
    await assertWorkable(tx, await readSignInExperience(tx));
  });

type VerifyUrls = Pick<GatehouseConfig, 'turnstileVerifyUrl' | 'recaptchaEnterpriseApiUrl'>;

/** The action the sign-in pages run the captcha with; a token made for another action is refused. */
export const captchaAction = 'signIn';

/** Minimum reCAPTCHA Enterprise score treated as human. */
const recaptchaMinScore = 0.5;

/** Where the token was made: the sign-in page's own host, so a token solved on another site is refused. */
type TokenOrigin = { remoteIp: string; hostname: string };

/**
 * Asks the provider whether a token from the page is genuine, and made on this tenant's sign-in
 * page for its action: providers vouch for a token on any site that shows the same site key, so the
 * hostname and action they report are compared here. Network trouble counts as a failure.
 */
export const verifyCaptchaToken = async (config: CaptchaProviderConfig, token: string, origin: TokenOrigin, urls: VerifyUrls) => {
  try {
    if (config.type === 'Turnstile') {
      const response = await fetch(urls.turnstileVerifyUrl, {
        method: 'POST',
        body: new URLSearchParams({ secret: config.secretKey, response: token, remoteip: origin.remoteIp }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await response.json()) as { success?: boolean; hostname?: string; action?: string };
      return response.ok && body.success === true && body.hostname === origin.hostname && body.action === captchaAction;
    }
    const url = `${urls.recaptchaEnterpriseApiUrl}/v1/projects/${encodeURIComponent(config.projectId)}/assessments?key=${encodeURIComponent(config.secretKey)}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event: { token, siteKey: config.siteKey, userIpAddress: origin.remoteIp, expectedAction: captchaAction } }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as {
      tokenProperties?: { valid?: boolean; hostname?: string; action?: string };
      riskAnalysis?: { score?: number };
    };
    const properties = body.tokenProperties;
    return (
      response.ok &&
      properties?.valid === true &&
      properties.hostname === origin.hostname &&
      properties.action === captchaAction &&
      (body.riskAnalysis?.score ?? 0) >= recaptchaMinScore
    );
  } catch {
    return false;
  }
};

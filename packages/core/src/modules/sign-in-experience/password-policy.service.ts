import { isPasswordBreached, type PasswordIssue, type PasswordPolicy, PasswordPolicyChecker, type PasswordUserInfo } from '@gatehouse/schemas';

import { ApiError } from '../../app/errors.js';
import type { GatehouseConfig } from '../../config.js';
import type { ErrorCode } from '../../i18n/index.js';

export type BreachSettings = Pick<GatehouseConfig, 'passwordBreachApiUrl' | 'passwordBreachCheckRequired'>;

/**
 * Checks a new password against the tenant's policy. The breached-password service being down
 * does not block sign-up unless PASSWORD_BREACH_CHECK_REQUIRED is set; then it is a 503.
 */
export const findPasswordIssues = async (
  policy: PasswordPolicy,
  password: string,
  userInfo: PasswordUserInfo,
  settings: BreachSettings,
): Promise<PasswordIssue[]> => {
  const checker = new PasswordPolicyChecker(policy);
  const baseUrl = settings.passwordBreachApiUrl;
  return checker.check(password, userInfo, {
    breachCheck: async (candidate) => {
      if (!baseUrl) {
        return false;
      }
      try {
        return await isPasswordBreached(candidate, { baseUrl });
      } catch {
        if (settings.passwordBreachCheckRequired) {
          throw new ApiError(503, 'password.breach_check_unavailable');
        }
        return false;
      }
    },
  });
};

const issueParams = (issue: PasswordIssue) => ({
  ...(issue.params?.min === undefined ? {} : { min: issue.params.min }),
  ...(issue.params?.max === undefined ? {} : { max: issue.params.max }),
  ...(issue.params?.count === undefined ? {} : { count: issue.params.count }),
  ...(issue.params?.words ? { words: issue.params.words.join(', ') } : {}),
});

/** 422 `password.rejected` with one detail per broken rule, each in the caller's language. */
export const assertPasswordAccepted = async (
  policy: PasswordPolicy,
  password: string,
  userInfo: PasswordUserInfo,
  settings: BreachSettings,
) => {
  const issues = await findPasswordIssues(policy, password, userInfo, settings);
  if (issues.length > 0) {
    throw new ApiError(
      422,
      'password.rejected',
      {},
      issues.map((issue) => ({ path: 'password', code: issue.code as ErrorCode, params: issueParams(issue) })),
    );
  }
};

export { issueParams as passwordIssueParams };

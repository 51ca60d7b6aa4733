/**
 * Outside links of the shell (docs, help dialog, release notes). One place, so that a fork or a
 * distribution can point them at its own community.
 */
export const links = {
  docs: 'https://github.com/gatehouse-iam/gatehouse#readme',
  releases: 'https://github.com/gatehouse-iam/gatehouse/releases',
  communityChat: 'https://github.com/gatehouse-iam/gatehouse/discussions',
  issues: 'https://github.com/gatehouse-iam/gatehouse/issues',
  email: 'mailto:contact@gatehouse.app',
  bookCall: 'https://gatehouse.app/contact',
} as const;

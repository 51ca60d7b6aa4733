/**
 * What one page hands to the next: the identifier typed on sign-in (for the forgot-password page),
 * and the address a password reset found no account for (for the registration page).
 */
export const prefill: { identifier?: string; newAccount?: string } = {};

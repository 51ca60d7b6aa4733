/**
 * What one page hands to the next: the identifier typed on sign-in (for the forgot-password page),
 * the address a password reset found no account for (for the registration page), and the country
 * picked for a phone number (a national number typed on one page means the same on the next).
 */
export const prefill: { identifier?: string; newAccount?: string; country?: string } = {};

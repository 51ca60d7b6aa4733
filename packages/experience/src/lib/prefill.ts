/** What one page hands to the next (the identifier typed on sign-in, for the forgot-password page). */
export const prefill: { identifier?: string } = {};

/** English phrases of the roles pages, the user detail tabs for roles, logs and identities, and the audit log: the keys every locale's file of this folder must have. */
const phrases = {} as const;

export default phrases;

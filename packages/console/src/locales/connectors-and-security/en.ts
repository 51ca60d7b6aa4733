/** English phrases of the connectors, security and signing keys pages: the keys every locale's file of this folder must have. */
const phrases = {} as const;

export default phrases;

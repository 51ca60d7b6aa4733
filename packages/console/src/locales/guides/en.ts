/** English phrases of the integration guides and the application branding and permissions tabs: the keys every locale's file of this folder must have. */
const phrases = {} as const;

export default phrases;

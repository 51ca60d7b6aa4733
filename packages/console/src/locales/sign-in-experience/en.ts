/** English phrases of the sign-in experience pages and their live preview: the keys every locale's file of this folder must have. */
const phrases = {} as const;

export default phrases;

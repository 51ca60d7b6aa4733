/** English phrases of get started, the dashboard, the profile pages and the upload component: the keys every locale's file of this folder must have. */
const phrases = {} as const;

export default phrases;

import type en from './en.js';

const phrases: Record<keyof typeof en, string> = {};

export default phrases;

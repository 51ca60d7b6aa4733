import { z } from 'zod';

/** Overrides of the hosted pages' texts for one language: phrase key → text. */
export const customPhraseSchema = z.object({ languageTag: z.string(), translation: z.record(z.string(), z.string()) });
export const customPhraseTranslationSchema = z.record(z.string().min(1).max(256), z.string().max(2048));
